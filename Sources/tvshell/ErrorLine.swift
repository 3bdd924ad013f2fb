import Foundation
import MediaModel

/// Writes `tvshell: MESSAGE` to standard error (the journal, under systemd),
/// with any URL in it redacted: a lineup's or guide's account never gets
/// there. Any thread.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("tvshell: \(URLRedaction.redactingURLs(in: message))\n".utf8))
}
