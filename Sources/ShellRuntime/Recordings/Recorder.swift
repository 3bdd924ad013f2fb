import CRecorder
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The recorder process (`tvshell recorder ID`): reads its `RecordingJob`
/// from standard input, copies the stream into the file until the job's
/// end, and keeps the status file up to date (bytes and seconds of every
/// part so far). A stream that cannot be opened or read gives way to the
/// channel's next one, as playback fails over, round after round until the
/// end while the channel is down; one that stops mid-recording is asked for
/// again into a further part; one that is not live (a file behind the
/// channel's entry) is copied once, no further than the recording's length
/// (`RecordingAttempts` says how).
/// SIGTERM stops it early, keeping what it has. Call from a process's main
/// thread; returns its exit status.
public enum Recorder {
    /// What the progress callback needs: the status file, what the parts
    /// before this one hold, and this attempt's figures (written by the
    /// callback, on the recorder's one thread).
    private final class Context {
        let path: String
        let pid = getpid()
        var before = (bytes: Int64(0), seconds: 0.0)
        var attempt = (bytes: Int64(0), seconds: 0.0)
        /// The stream being copied has an end (a file, not live).
        var finite = false
        var reason: String?
        init(path: String) { self.path = path }

        func write(_ state: RecordingProgress.State = .recording, reason: String? = nil) {
            RecordingProgress(state: state, bytes: before.bytes + attempt.bytes, seconds: before.seconds + attempt.seconds,
                              reason: reason ?? self.reason, pid: pid).write(to: path)
        }
    }

    public static func run(input: Data) -> Int32 {
        guard let job = try? JSONDecoder().decode(RecordingJob.self, from: input) else {
            say("no job on standard input")
            return 64
        }
        signal(SIGTERM) { _ in tvs_record_stop() }
        signal(SIGINT) { _ in tvs_record_stop() }
        signal(SIGHUP, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        let context = Context(path: job.statusPath)
        let before = job.recordedBefore ?? RecordingJob.Recorded(bytes: 0, seconds: 0)
        context.before = (before.bytes, before.seconds)
        // Started again after the recording's end: only to finish its parts.
        let late = before.seconds > 0 && Date().timeIntervalSince1970 >= job.stopAt
        if late { context.reason = PartMender.reason }
        context.write()
        let unmanaged = Unmanaged.passRetained(context)
        defer { unmanaged.release() }
        let streams = [RecordingJob.Stream(url: job.url, headers: job.headers)] + (job.alternates ?? [])
        var attempts = RecordingAttempts(streams: streams.count, recordedBefore: before.seconds > 0)
        let first = job.firstPath ?? job.path
        var path = job.path
        var stream = 0
        var reason = ""
        var finished = late
        var attempted = false
        let tags = (job.tags ?? [:]).sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value.replacingOccurrences(of: "\n", with: " "))\n" }.joined()
        say("\(job.id): \(late ? "finishing its parts" : "recording into \(path)") until \(Date(timeIntervalSince1970: job.stopAt).formatted(.iso8601)), \(streams.count) stream\(streams.count == 1 ? "" : "s")\(before.seconds > 0 ? ", after \(Int(before.seconds)) s recorded before" : "")")
        let others = streams.count > 1 ? " (and the channel's \(streams.count - 1) other stream\(streams.count == 2 ? "" : "s"))" : ""
        while !late {
            attempted = true
            let headers = streams[stream].headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
            var message = [CChar](repeating: 0, count: 512)
            context.attempt = (0, 0)
            context.finite = false
            let began = Date().timeIntervalSince1970
            // A stream with an end is read faster than its pace: no more of
            // it than the time the recording has left.
            let most = max(1, job.stopAt - began)
            let result = tvs_record(MulticastAddress.forFFmpeg(streams[stream].url), headers.isEmpty ? nil : headers, path, tags.isEmpty ? nil : tags, job.stopAt, most, RecordingAttempts.aheadAllowance, { progress, opaque in
                guard let progress, let opaque else { return }
                let context = Unmanaged<Context>.fromOpaque(opaque).takeUnretainedValue()
                context.attempt = (progress.pointee.bytes, progress.pointee.seconds)
                context.finite = progress.pointee.finite != 0
                if progress.pointee.seconds > 0 { context.reason = nil }
                context.write()
            }, unmanaged.toOpaque(), &message, message.count)
            reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let gotContent = context.attempt.seconds > 0
            if gotContent { context.before = (context.before.bytes + context.attempt.bytes, context.before.seconds + context.attempt.seconds) }
            let outcome: RecordingAttempts.Outcome = switch Int(result) {
            case Int(TVS_RECORD_DONE): .done
            case Int(TVS_RECORD_SOURCE_ENDED), Int(TVS_RECORD_NO_SOURCE): .sourceFailed
            default: .fatal
            }
            let stopping = tvs_record_stop_requested() != 0 || Date().timeIntervalSince1970 >= job.stopAt
            let lasted = Date().timeIntervalSince1970 - began
            // Done before the end: the recording's length of a stream read
            // faster than its pace.
            let capped = outcome == .done && !stopping
            switch attempts.next(after: stopping && outcome == .sourceFailed ? .done : outcome, recorded: context.attempt.seconds,
                                 lasted: lasted, finite: context.finite || capped) {
            case .stop(let done):
                finished = done
            case .attempt(let next, let newPart, let pause):
                if !gotContent && path != first { unlink(path) }
                if newPart { path = RecordingsSettings.partPath(first, part: RecordingsSettings.parts(of: first).count + 1) }
                let what = "stream \(stream + 1) of \(streams.count): \(reason)"
                say("\(what); \(newPart ? "again into \(path)" : "trying stream \(next + 1)\(pause > 0 ? " in \(Int(pause)) s" : "")")")
                if attempts.recorded || attempts.channelDown {
                    context.reason = attempts.recordedHere ? "the stream stopped (\(reason)); trying again"
                        : "the channel cannot be opened\(attempts.resumed ? " again" : ""): \(reason)\(others); trying again"
                    context.attempt = (0, 0)
                    context.write()
                }
                stream = next
                if pause == 0 || wait(pause, until: job.stopAt) { continue }
                finished = attempts.recorded
            }
            break
        }
        // A further part that got nothing (the time ran out while the stream
        // was away) is not kept: the parts play as one.
        if context.attempt.seconds == 0 && path != first { unlink(path) }
        let stopped = tvs_record_stop_requested() != 0
        if !finished, !attempts.recorded {
            reason += others + (attempts.channelDown ? "; tried again until the end" : "")
        }
        context.attempt = (0, 0)
        if attempts.resumed {
            context.reason = PartMender.reason
            context.write()
            let mended = PartMender.mend(RecordingsSettings.parts(of: first), tags: tags.isEmpty ? nil : tags)
            if mended > 0 { say("\(mended) unfinished part(s) of \(first) finished") }
        }
        context.reason = nil
        let outcome: String? = finished ? (stopped ? "stopped early" : attempts.howItWent(parts: RecordingsSettings.parts(of: first).count,
                                                                                reason: attempted ? reason + others : nil))
            : (reason.isEmpty ? "the recording stopped" : reason)
        context.write(finished ? .finished : .failed, reason: outcome)
        say("\(finished ? "finished" : "failed"): \(context.before.bytes) bytes, \(Int(context.before.seconds)) s\(outcome.map { "; \($0)" } ?? "")")
        return finished ? 0 : 1
    }

    /// A line on standard error (the recording's log, `RecordingsSettings.logPath`),
    /// with the time. Never a stream's URL: it may hold an account.
    private static func say(_ line: String) {
        FileHandle.standardError.write(Data("\(Date().formatted(.iso8601)) recorder: \(line)\n".utf8))
    }

    /// Waits `seconds`, or less when the recording's end or a stop comes
    /// first; whether the recording goes on.
    private static func wait(_ seconds: Double, until stopAt: Double) -> Bool {
        let end = min(Date().timeIntervalSince1970 + seconds, stopAt)
        while Date().timeIntervalSince1970 < end {
            if tvs_record_stop_requested() != 0 { return false }
            usleep(100_000)
        }
        return tvs_record_stop_requested() == 0 && Date().timeIntervalSince1970 < stopAt
    }
}
