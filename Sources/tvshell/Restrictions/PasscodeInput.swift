import Foundation
import Parental
#if canImport(Glibc)
import Glibc
#endif

/// Reads passcodes: from the terminal without echo, or line by line from
/// standard input (`--stdin`). Never from argv.
struct PasscodeInput {
    let fromStandardInput: Bool

    /// One passcode, four digits, asking with `prompt` on the terminal.
    func read(_ prompt: String) throws -> String {
        let line = fromStandardInput ? readLine(strippingNewline: true) : try Self.readFromTerminal(prompt, what: "the passcode")
        guard let line else {
            throw CLIError("no passcode given\(fromStandardInput ? " on standard input" : "")", code: 64)
        }
        do {
            return try Passcode.validate(line)
        } catch {
            throw CLIError("\(error)", code: 64)
        }
    }

    /// A line from /dev/tty with echo off (`what` names it when there is
    /// no terminal); the terminal is restored even on error.
    static func readFromTerminal(_ prompt: String, what: String) throws -> String? {
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            throw CLIError("no terminal to ask for \(what) on: pipe it in with --stdin", code: 64)
        }
        defer { close(fd) }
        var saved = termios()
        let hasTermios = tcgetattr(fd, &saved) == 0
        if hasTermios {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            quiet.c_lflag |= tcflag_t(ECHONL)
            tcsetattr(fd, TCSAFLUSH, &quiet)
        }
        defer { if hasTermios { tcsetattr(fd, TCSAFLUSH, &saved) } }
        _ = prompt.withCString { write(fd, $0, strlen($0)) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let n = Glibc.read(fd, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == 10 || byte == 13 { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }
}

/// A message for stderr and an exit code.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    let code: Int32
    init(_ message: String, code: Int32) {
        description = message
        self.code = code
    }
}
