import Foundation
import MediaModel
#if canImport(Glibc)
import Glibc
#endif

/// Writes `tvshell: MESSAGE` to standard error (the journal, under systemd),
/// with any URL in it redacted: a lineup's or guide's account never gets
/// there; its control characters shown, not obeyed (`TerminalText`): a
/// message may quote a hostile lineup's line. Any thread.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("tvshell: \(TerminalText.safe(URLRedaction.redactingURLs(in: message)))\n".utf8))
}

/// Swift's `print` for every command's output: on a terminal, the control
/// characters of the text from outside it holds (a lineup's channel names,
/// a file's title, a guide's programmes) are shown, not obeyed
/// (`TerminalText`); into a pipe or a file it goes as it is (JSON escapes
/// them itself). Any thread.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator) + terminator
    Swift.print(isatty(STDOUT_FILENO) == 1 ? TerminalText.safe(text) : text, terminator: "")
}
