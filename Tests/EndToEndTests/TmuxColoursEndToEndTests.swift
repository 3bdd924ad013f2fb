import Foundation
import ShellTesting
import Testing

/// Inside tmux (TERM tmux-256color, no COLORTERM), the colours are those of
/// the terminal tmux draws on: a client is attached from a real terminal
/// (`script` gives it a pty) before tvshell starts, as a viewer's is.
@Suite("Colours inside tmux, end to end", .serialized)
struct TmuxColoursEndToEndTests {
    /// Attaches a client whose terminal is `outer`, then waits for tmux to
    /// list it before tvshell starts.
    private static func attached(from outer: String) -> String {
        "TMUX= TERM=\(outer) script -qfc \"tmux -S '$(tmux display -p '#{socket_path}')' attach\" /dev/null </dev/null >/dev/null 2>&1 & "
            + "until [ -n \"$(tmux display -p '#{client_termfeatures}')\" ]; do sleep 0.05; done; unset COLORTERM; "
    }

    @Test("an outer terminal with 24-bit colour (xterm-direct): tvshell draws 24-bit colour though TERM says 256")
    func direct() throws {
        let shell = try ShellUnderTest(["--home"], width: 80, height: 24, term: "tmux-256color", connectTimeout: 30,
                                       cacheHome: DemoLineupEndToEndTests.cacheHome, wrapper: Self.attached(from: "xterm-direct"))
        let state = try shell.ipc.state()
        #expect(state["colors"] as? String == "direct", "\(state["colors"] ?? "none")")
        #expect(shell.tmux.display("#{client_termfeatures}").contains("RGB"))
    }

    @Test("an outer terminal of 256 colours: tvshell draws its own 256-colour picture, tmux would only turn 24-bit into it")
    func palette() throws {
        let shell = try ShellUnderTest(["--home"], width: 80, height: 24, term: "tmux-256color", connectTimeout: 30,
                                       cacheHome: DemoLineupEndToEndTests.cacheHome, wrapper: Self.attached(from: "xterm-256color"))
        let state = try shell.ipc.state()
        #expect(state["colors"] as? String == "256", "\(state["colors"] ?? "none")")
    }
}
