import Foundation

/// A read of a disk or share that may never answer: a network share whose
/// server went away holds a `stat` or a directory's listing for ever (an
/// NFS hard mount, an SMB or FUSE mount), and a start that waited on one
/// left a box's TV black with nothing said. The read runs on a thread of
/// its own; the caller waits while it answers, and gives up once it has
/// been quiet for `seconds`. A read given up is left behind, blocked until
/// the share answers (its result is then dropped). Any thread.
public enum DiskAnswer {
    /// How long a path read at a start may stay quiet: a USB disk spinning
    /// up answers within a few seconds.
    public static let startWithin = 10.0

    /// `read`'s result, or nil when it stayed quiet for `seconds`. `read`
    /// is given `answered`, to call as it makes progress (each entry of a
    /// long walk): a walk of a big library that keeps answering is waited
    /// for however long it takes.
    public static func read<T: Sendable>(within seconds: Double, _ read: @escaping @Sendable (_ answered: @escaping @Sendable () -> Void) -> T) -> T? {
        let progress = Progress<T>()
        Thread.detachNewThread {
            let result = read { progress.answered() }
            progress.finish(result)
        }
        while true {
            if progress.done.wait(timeout: .now() + min(0.25, seconds)) == .success { return progress.result }
            if progress.quiet >= seconds { return nil }
        }
    }

    /// Why a path's read was given up, after its path: "does not answer
    /// (nothing in 10 s: …)".
    public static func quiet(seconds: Double) -> String {
        "does not answer (nothing in \(Int(seconds.rounded())) s: a network share whose server is down, or a failing disk?)"
    }

    /// Whether something is at `path` (links followed), or nil when its
    /// disk or share did not answer within `seconds`.
    public static func exists(_ path: String, within seconds: Double) -> Bool? {
        read(within: seconds) { _ in FileManager.default.fileExists(atPath: path) }
    }

    /// The reading thread's progress and result, shared with the waiter.
    private final class Progress<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var last = DispatchTime.now()
        private var value: T?
        let done = DispatchSemaphore(value: 0)

        func answered() { lock.withLock { last = .now() } }

        func finish(_ result: T) {
            lock.withLock { value = result }
            done.signal()
        }

        var result: T? { lock.withLock { value } }

        /// Seconds since the read last answered.
        var quiet: Double { lock.withLock { Double(DispatchTime.now().uptimeNanoseconds - last.uptimeNanoseconds) / 1e9 } }
    }
}
