import MediaModel
import ShellCore
import ShellRuntime
import ShellTesting
import Testing

/// A program that offers "Next episode" from 50 s on, and does not require
/// ad breaks to be watched.
final class ProgramDelegate: ShellDelegate {
    private(set) var chosen: [String] = []
    private(set) var askedAt: [Double] = []
    private(set) var menus: [String] = []
    func skipToNextChannel(_ shell: ShellControl, request: FlipRequest, completion: @escaping @Sendable (Bool) -> Void) { completion(false) }
    func skipToPreviousChannel(_ shell: ShellControl, request: FlipRequest, completion: @escaping @Sendable (Bool) -> Void) { completion(false) }
    var requiresLinearPlayback: Bool { false }
    var offersContextualActions: Bool { true }
    func contextualActions(_ shell: ShellControl, at position: Double) -> [ProgramAction] {
        askedAt.append(position)
        return position >= 50 ? [ProgramAction(title: "Next Episode", id: "next-episode")] : []
    }
    func contextualActionActivated(_ shell: ShellControl, id: String) { chosen.append(id) }
    func transportBarMenuItemActivated(_ shell: ShellControl, menu: String, choice: String?) { menus.append("\(menu):\(choice ?? "-")") }
}

@Suite("The program's own contextual actions and menus")
struct ProgramActionTests {
    @Test("asked each second of playback; its action shows as Skip Intro does and ENTER tells the program; its breaks are not enforced")
    func actions() {
        let delegate = ProgramDelegate()
        var film = MediaItem(id: "f", title: "Film", url: "/f.mkv")
        film.segments = [Segment(kind: .commercial, start: 20, end: 30)]
        let shell = EmbeddedShell(ShellState(items: [film]), delegate: delegate)
        #expect(!shell.state.settings.linearBreaks && shell.state.settings.askProgramForActions)
        shell.send(.playIndex(0, at: shell.clock.now()))
        shell.playerStarts()
        shell.report(.duration(100))
        shell.report(.seekable(true))
        shell.report(.position(10.2))
        shell.report(.position(10.6))
        shell.report(.position(11.1))
        #expect(delegate.askedAt == [10, 11], "once a second")
        #expect(shell.state.segments.contextualAction == nil)
        shell.press(.right)
        #expect(shell.player.calls.last == .seekBy(10), "not enforced: the program lifted it")
        shell.report(.position(50.3))
        #expect(shell.state.segments.contextualAction?.title == "Next Episode" && shell.state.segments.contextualAction?.target == nil)
        #expect(shell.automation.named("contextual-action-shown").count == 1)
        shell.press(.select)
        #expect(delegate.chosen == ["next-episode"])
        #expect(shell.automation.named("contextual-action").first?.fields["id"] as? String == "next-episode")
    }

    @Test("the program's menu row entries tell it what was chosen")
    func menus() {
        let delegate = ProgramDelegate()
        let shell = EmbeddedShell(ShellState(items: [MediaItem(id: "f", title: "Film", url: "/f.mkv")]), delegate: delegate)
        shell.control.setTransportBarMenus([TransportMenu(title: "Report", id: "report")])
        shell.send(.playIndex(0, at: shell.clock.now()))
        shell.playerStarts()
        shell.press(.playPause)
        for command in [RemoteCommand.up, .right, .right, .right, .select] { shell.press(command) }
        #expect(delegate.menus == ["report:-"])
    }
}
