import MediaModel
@testable import ShellCore
import ShellTesting
import Testing

/// The hints name the remote's buttons once a remote is used.
@Suite("Key labels: the keyboard's keys, or the remote's buttons")
struct KeyLabelsTests {
    let remote = KeyLabels.remote(.standard)

    func drawn(_ state: ShellState, width: Int = 200, height: Int = 60) -> String {
        ShellView.render(state, theme: .dark, width: width, height: height, context: ViewContext(picture: .terminal)).text()
    }

    @Test("the standard remote's buttons as printed on remotes; commands with no button have no label; a keyboard's keys read as a device are not labels")
    func standardRemote() throws {
        let labels = try #require(remote.remote)
        #expect(labels[.select] == "OK" && labels[.menu] == "BACK" && labels[.guide] == "GUIDE" && labels[.info] == "INFO")
        #expect(labels[.help] == "HELP" && labels[.channelUp] == "CH+" && labels[.channelDown] == "CH-" && labels[.favourite] == "FAV")
        #expect(labels[.search] == "SEARCH" && labels[.pictureInPicture] == "PIP" && labels[.quit] == "POWER" && labels[.record] == "REC")
        #expect(labels[.volumeDown] == "VOL-" && labels[.volumeUp] == "VOL+" && labels[.mute] == "MUTE" && labels[.playPause] == "PLAY/PAUSE")
        #expect(labels[.movePicture] == nil && labels[.swapPicture] == nil && labels[.dayForward] == nil && labels[.up] == nil && labels[.digit(1)] == nil)
        #expect(!labels.values.contains { $0.count == 1 || $0 == "SPACE" || $0 == "BACKSPACE" || $0 == "KPENTER" })
    }

    @Test("a remote remapped in the config: its own buttons name the commands")
    func remapped() {
        let map = RemoteMap(bindings: ["KEY_ENTER": .init(.select), "KEY_RED": .init(.guide), "KEY_EXIT": .init(.menu), "KEY_G": .init(.search), "KEY_UP": .init(.up)])
        #expect(KeyLabels.remote(map).remote == [.select: "ENTER", .guide: "RED", .menu: "EXIT"])
    }

    @Test("which hand a device's button is in: remote-only buttons, a keyboard's letters, and those both have")
    func hand() {
        #expect(["KEY_OK", "KEY_BACK", "KEY_EPG", "KEY_INFO", "KEY_CHANNELUP", "KEY_RED"].allSatisfy { KeyLabels.remoteInHand(button: $0) == true })
        #expect(["KEY_G", "KEY_SPACE", "KEY_BACKSPACE", "KEY_ESC", "KEY_Q", "KEY_KP1"].allSatisfy { KeyLabels.remoteInHand(button: $0) == false })
        #expect(["KEY_UP", "KEY_1", "KEY_ENTER", "KEY_VOLUMEUP", "KEY_HOME", "BTN_LEFT"].allSatisfy { KeyLabels.remoteInHand(button: $0) == nil })
    }

    @Test("the action sets the labels and nothing else")
    func action() {
        let h = ReducerHarness(ShellState(items: [film, channel]))
        h.send(.keyLabels(remote)) { $0.chrome.keyLabels = remote }
        h.send(.keyLabels(.keyboard)) { $0.chrome.keyLabels = .keyboard }
        h.expectArmed([])
    }

    @Test("the home screen's hint: the remote's buttons, the keys it has none for left out; the keyboard's again after")
    func homeHint() {
        var state = ShellState(items: [film, channel])
        #expect(drawn(state).contains("↑↓ select · ENTER play · ? keys · g guide · / search · f favourite · p picture · i info · 0–9 channel · q quit"))
        state.chrome.keyLabels = remote
        #expect(drawn(state).contains("↑↓ select · OK play · HELP keys · GUIDE guide · SEARCH search · FAV favourite · PIP picture · INFO info · 0–9 channel · POWER quit"))
        state.kiosk = true
        #expect(!drawn(state).contains("POWER") && drawn(state).contains("INFO info · 0–9 channel"), "a kiosk does not quit")
    }

    @Test("the error screen, the passcode prompt and the home screen's card: OK and BACK")
    func screens() throws {
        var state = ShellState(items: [film, second])
        state.chrome.keyLabels = remote
        state.current = 0
        state.navigation.destination = .error(ShellError(title: "Could not play Film", reason: "gone"))
        #expect(drawn(state).contains("OK: next item · BACK: home"), "\(drawn(state))")

        state.navigation.destination = .passcode(PasscodePrompt(purpose: .play(index: 0), item: film, ratings: []))
        #expect(drawn(state).contains("0-9 digits · LEFT delete · BACK cancel"))

        state.navigation.destination = .home
        state.navigation.homeInfo = true
        #expect(drawn(state).contains("INFO / BACK close"))
    }

    @Test("multiview with a remote: OK and BACK, no m or x it has no button for")
    func multiview() {
        let h = ReducerHarness(ShellState(items: (1...4).map { (n: Int) in MediaItem(id: "c\(n)", title: "Channel \(n)", url: "http://tv.example/\(n).m3u8", isLive: true, number: n) }))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.command(.multiview, at: h.clock.now))
        #expect(drawn(h.state, width: 120, height: 40).contains("←↑↓→ sound · ENTER full screen · m layout · ↓ channels, layout · x put it here · ESC back"))
        h.apply(.keyLabels(remote))
        #expect(drawn(h.state, width: 120, height: 40).contains(" ←↑↓→ sound · OK full screen · ↓ channels, layout · BACK back"), "\(drawn(h.state, width: 120, height: 40))")
        h.apply(.command(.down, at: h.clock.now))
        h.apply(.command(.down, at: h.clock.now))
        h.apply(.command(.left, at: h.clock.now))
        let row = drawn(h.state, width: 120, height: 40)
        #expect(row.contains(" Layout 2×2   1 Channel 1   2 Channel 2 ") && row.contains("←→ channels · OK next layout · ↑ the views"), "\(row)")
        h.apply(.command(.select, at: h.clock.now))
        #expect(drawn(h.state, width: 120, height: 40).contains(" Layout 1+3 "))
    }

    @Test("the list of keys with a remote: its buttons, the arrows, no line for a key it lacks, HELP last")
    func helpList() {
        var state = ShellState(items: [film, channel])
        state.navigation.destination = .player
        state.current = 1
        state.chrome.keyLabels = remote
        let lines = HelpView.entries(state, ascii: false)
        let keys = lines.map(\.keys)
        #expect(keys.contains("OK") && keys.contains("←") && keys.contains("GUIDE") && keys.contains("CH+"), "\(keys)")
        #expect(!keys.contains { $0.contains("m") || $0.contains("<") || $0.contains("ENTER") || $0 == "?" }, "\(keys)")
        #expect(lines.suffix(2).map(\.keys) == ["VOL- VOL+ MUTE", "HELP"] && lines.last?.what == "this list")
        state.chrome.keyLabels = .keyboard
        #expect(HelpView.entries(state, ascii: false).last?.keys == "?")
    }
}
