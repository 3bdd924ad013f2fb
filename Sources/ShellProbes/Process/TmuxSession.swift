import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private tmux server running one command in a window of a given size:
/// keys go in with `send-keys`, the screen comes out with `capture-pane`.
public final class TmuxSession {
    public let socketName: String
    public private(set) var width: Int
    public private(set) var height: Int

    /// Starts `command` (a shell command line) in a detached session. TERM is
    /// set inside the command, since tmux overrides `-e TERM`. When it ends,
    /// the pane shows "[exited N]" and then "[tty modes kept]" if the
    /// terminal's modes (`stty -g`) are those it started with, or
    /// "[tty modes changed]".
    public init(command: String, width: Int = 80, height: Int = 24, term: String = "tmux-direct") throws {
        socketName = "tvs-\(UUID().uuidString.prefix(12))"
        self.width = width
        self.height = height
        let line = "modes=$(stty -g); TERM=\(term) LANG=C.UTF-8 SWIFT_BACKTRACE=interactive=no \(command); echo \"[exited $?]\"; "
            + "if [ \"$(stty -g)\" = \"$modes\" ]; then echo '[tty modes kept]'; else echo '[tty modes changed]'; fi; sleep 600"
        let (status, output) = try Spawn.run([
            "tmux", "-L", socketName, "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", line,
        ])
        guard status == 0 else { throw SpawnError(message: "tmux new-session failed (\(status)): \(output)") }
    }

    deinit { kill() }

    /// `tmux send-keys` with tmux key names ("Right", "Space", "Escape", "q").
    public func send(_ keys: String...) throws {
        try Spawn.run(["tmux", "-L", socketName, "send-keys"] + keys)
    }

    /// The visible screen as text (with `escapes`, colours and attributes
    /// too; with `wholeLines`, the spaces at the ends of lines kept: cells
    /// of a background colour).
    public func capture(escapes: Bool = false, wholeLines: Bool = false) -> String {
        let args = ["tmux", "-L", socketName, "capture-pane", "-p"] + (escapes ? ["-e"] : []) + (wholeLines ? ["-N"] : [])
        return (try? Spawn.run(args).output) ?? ""
    }

    /// A tmux format value of the pane (`#{alternate_on}`, `#{pane_pid}` …).
    public func display(_ format: String) -> String {
        let out = (try? Spawn.run(["tmux", "-L", socketName, "display-message", "-p", format]).output) ?? ""
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Resizes the window.
    public func resize(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        try Spawn.run(["tmux", "-L", socketName, "resize-window", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Polls the screen until `condition` holds or `timeout` passes; returns
    /// the last capture and whether it held.
    @discardableResult
    public func waitFor(timeout: Double = 10, escapes: Bool = false, wholeLines: Bool = false, _ condition: (String) -> Bool) -> (screen: String, ok: Bool) {
        let deadline = Deadline(in: timeout)
        var screen = capture(escapes: escapes, wholeLines: wholeLines)
        while !condition(screen) {
            if deadline.hasPassed { return (screen, false) }
            usleep(50_000)
            screen = capture(escapes: escapes, wholeLines: wholeLines)
        }
        return (screen, true)
    }

    /// The pid of the program in the pane: the child of the pane's shell.
    public func programPID(named name: String) -> pid_t? {
        guard let shell = Int32(display("#{pane_pid}")) else { return nil }
        let (_, out) = (try? Spawn.run(["pgrep", "-P", "\(shell)", "-x", name])) ?? (1, "")
        return out.split(separator: "\n").first.flatMap { Int32($0) }
    }

    /// Stops the tmux server (and what runs in it).
    public func kill() {
        _ = try? Spawn.run(["tmux", "-L", socketName, "kill-server"])
    }
}
