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

    /// The colours tvshell chose with a client attached from `outer`.
    private func colours(from outer: String) throws -> (chosen: String?, features: String) {
        let shell = try ShellUnderTest(["--home"], width: 80, height: 24, term: "tmux-256color", connectTimeout: 30,
                                       cacheHome: DemoLineupEndToEndTests.cacheHome, wrapper: Self.attached(from: outer))
        return (try shell.ipc.state()["colors"] as? String, shell.tmux.display("#{client_termfeatures}"))
    }

    @Test("an outer terminal with 24-bit colour (xterm-direct): tvshell draws 24-bit colour though TERM says 256")
    func direct() throws {
        let (chosen, features) = try colours(from: "xterm-direct")
        #expect(chosen == "direct", "\(chosen ?? "none")")
        #expect(features.contains("RGB"))
    }

    @Test("an outer terminal of 256 colours: tvshell draws its own 256-colour picture, tmux would only turn 24-bit into it")
    func palette() throws {
        let (chosen, _) = try colours(from: "xterm-256color")
        #expect(chosen == "256", "\(chosen ?? "none")")
    }
}
