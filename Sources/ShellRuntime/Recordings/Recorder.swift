import CRecorder
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The recorder process (`tvshell recorder ID`): reads its `RecordingJob`
/// from standard input, copies the stream into the file until the job's
/// end, and keeps the status file up to date. A stream that cannot be
/// opened or read (nothing written) gives way to the channel's next one,
/// as playback fails over. SIGTERM stops it early, keeping what it has.
/// Call from a process's main thread; returns its exit status.
public enum Recorder {
    public static func run(input: Data) -> Int32 {
        guard let job = try? JSONDecoder().decode(RecordingJob.self, from: input) else {
            FileHandle.standardError.write(Data("recorder: no job on standard input\n".utf8))
            return 64
        }
        signal(SIGTERM) { _ in tvs_record_stop() }
        signal(SIGINT) { _ in tvs_record_stop() }
        signal(SIGHUP, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        final class Context {
            let path: String
            init(path: String) { self.path = path }
        }
        let context = Context(path: job.statusPath)
        let pid = getpid()
        RecordingProgress(state: .recording, bytes: 0, seconds: 0, pid: pid).write(to: job.statusPath)
        let unmanaged = Unmanaged.passRetained(context)
        defer { unmanaged.release() }
        let streams = [RecordingJob.Stream(url: job.url, headers: job.headers)] + (job.alternates ?? [])
        var result = Int32(TVS_RECORD_NO_SOURCE)
        var reason = ""
        var last = RecordingProgress(state: .recording, bytes: 0, seconds: 0, pid: pid)
        for (index, stream) in streams.enumerated() {
            let headers = stream.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
            var message = [CChar](repeating: 0, count: 512)
            result = tvs_record(stream.url, headers.isEmpty ? nil : headers, job.path, job.stopAt, { progress, opaque in
                guard let progress, let opaque else { return }
                let context = Unmanaged<Context>.fromOpaque(opaque).takeUnretainedValue()
                RecordingProgress(state: .recording, bytes: progress.pointee.bytes, seconds: progress.pointee.seconds, pid: getpid()).write(to: context.path)
            }, unmanaged.toOpaque(), &message, message.count)
            last = RecordingProgress.read(job.statusPath) ?? last
            reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard result == Int32(TVS_RECORD_NO_SOURCE), last.bytes == 0, tvs_record_stop_requested() == 0,
                  index + 1 < streams.count, Date().timeIntervalSince1970 < job.stopAt else { break }
            FileHandle.standardError.write(Data("recorder: stream \(index + 1) of \(streams.count): \(reason); trying the next\n".utf8))
        }
        if result == Int32(TVS_RECORD_NO_SOURCE), streams.count > 1, last.bytes == 0 {
            reason += " (and the channel's \(streams.count - 1) other stream\(streams.count == 2 ? "" : "s"))"
        }
        let done = result == Int32(TVS_RECORD_DONE)
        let stopped = tvs_record_stop_requested() != 0
        RecordingProgress(state: done ? .finished : .failed, bytes: last.bytes, seconds: last.seconds,
                          reason: done ? (stopped ? "stopped early" : nil) : (reason.isEmpty ? "the recording stopped" : reason), pid: pid)
            .write(to: job.statusPath)
        return done ? 0 : 1
    }
}
