import CRecorder
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The recorder process (`tvshell recorder ID`): reads its `RecordingJob`
/// from standard input, copies the stream into the file until the job's
/// end, and keeps the status file up to date. SIGTERM stops it early,
/// keeping what it has. Call from a process's main thread; returns its exit
/// status.
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
        let headers = job.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
        var message = [CChar](repeating: 0, count: 512)
        let unmanaged = Unmanaged.passRetained(context)
        defer { unmanaged.release() }
        let result = tvs_record(job.url, headers.isEmpty ? nil : headers, job.path, job.stopAt, { progress, opaque in
            guard let progress, let opaque else { return }
            let context = Unmanaged<Context>.fromOpaque(opaque).takeUnretainedValue()
            RecordingProgress(state: .recording, bytes: progress.pointee.bytes, seconds: progress.pointee.seconds, pid: getpid()).write(to: context.path)
        }, unmanaged.toOpaque(), &message, message.count)
        let last = RecordingProgress.read(job.statusPath) ?? RecordingProgress(state: .recording, bytes: 0, seconds: 0, pid: pid)
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let done = Int(result) == TVS_RECORD_DONE
        let stopped = tvs_record_stop_requested() != 0
        RecordingProgress(state: done ? .finished : .failed, bytes: last.bytes, seconds: last.seconds,
                          reason: done ? (stopped ? "stopped early" : nil) : (reason.isEmpty ? "the recording stopped" : reason), pid: pid)
            .write(to: job.statusPath)
        return done ? 0 : 1
    }
}
