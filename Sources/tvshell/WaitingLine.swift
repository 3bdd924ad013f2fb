import Foundation
import MediaModel
#if canImport(Glibc)
import Glibc
#endif

/// A line on the terminal saying what a start waits for, once it has waited
/// `after` seconds: a lineup server that is slow to answer otherwise leaves
/// a box's screen blank (up to 20 s with a kept copy, 10 minutes without).
/// Only on a terminal (standard error), with any URL in it redacted; taken
/// away when the wait ends, before the shell's screen is drawn. `init` and
/// `finish`: the starting thread; the line is written from a global queue.
final class WaitingLine: @unchecked Sendable {
    private let lock = NSLock()
    private var shown = false
    private var finished = false

    init(_ text: String, after seconds: Double = 2) {
        guard isatty(STDERR_FILENO) == 1 else { return }
        let line = "\r\u{1B}[Ktvshell: " + TerminalText.safe(URLRedaction.redactingURLs(in: text))
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.withLock {
                guard !finished else { return }
                shown = true
                FileHandle.standardError.write(Data(line.utf8))
            }
        }
    }

    /// The wait is over: the line, if shown, is cleared.
    func finish() {
        lock.withLock {
            finished = true
            if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        }
    }
}
