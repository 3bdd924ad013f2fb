import CPosix
import ShellCore
#if canImport(Glibc)
import Glibc
#endif

/// Actions posted from other threads (delegate completions): kept under a
/// lock, with one byte written to a pipe the run loop polls.
package final class ActionInbox: @unchecked Sendable {
    let readFD: Int32
    private let writeFD: Int32
    private let lock = PThreadMutex()
    private var pending: [Action] = []
    private var work: [@Sendable (ShellControl) -> Void] = []

    /// Without a pipe (no descriptors left) posts are still kept, and the
    /// run loop finds them at its next wake.
    package init() {
        var fds: [Int32] = [-1, -1]
        _ = tvs_pipe_nonblocking(&fds)
        readFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        if readFD >= 0 { close(readFD) }
        if writeFD >= 0 { close(writeFD) }
    }

    /// Any thread.
    package func post(_ action: Action) {
        lock.withLock { pending.append(action) }
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Any thread: `body` runs on the run-loop thread with the shell.
    func post(work body: @escaping @Sendable (ShellControl) -> Void) {
        lock.withLock { work.append(body) }
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Run-loop thread: the work posted so far, oldest first.
    package func takeWork() -> [@Sendable (ShellControl) -> Void] {
        lock.withLock {
            let taken = work
            work.removeAll()
            return taken
        }
    }

    /// Run-loop thread: the actions posted so far, oldest first.
    package func take() -> [Action] {
        var sink = [UInt8](repeating: 0, count: 64)
        while read(readFD, &sink, sink.count) > 0 {}
        return lock.withLock {
            let taken = pending
            pending.removeAll()
            return taken
        }
    }
}
