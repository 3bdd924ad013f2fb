import MediaModel
import ShellCore
import ShellRuntime
import ShellTesting
import Testing

/// Every flip ends exactly once (`channel-flip-completed`), whatever
/// interrupts it.
@Suite("Embedded: each flip ends once")
struct FlipEndsOnceTests {
    private func endsOnce(_ shell: EmbeddedShell, sourceLocation: SourceLocation = #_sourceLocation) {
        shell.advance(by: 30)
        let (started, completed) = shell.flipEvents
        #expect(started == completed, "started \(started), completed \(completed)", sourceLocation: sourceLocation)
        #expect(shell.state.live.flip == nil, sourceLocation: sourceLocation)
    }

    @Test("RIGHT on channel 2, then at once 1 ENTER")
    func numberEntry() {
        let shell = watching(2, state: ShellState(items: lineup))
        shell.press(.right)
        shell.type("1")
        shell.press(.select)
        #expect(shell.player.loaded?.item.id == "kids")
        let completed = shell.automation.named("channel-flip-completed")
        #expect(completed.count == 1)
        #expect(completed.first?.fields["superseded"] as? Bool == true)
        endsOnce(shell)
    }

    @Test("RIGHT on channel 2, then at once IPC channel 1")
    func ipcChannel() {
        let shell = watching(2, state: ShellState(items: lineup))
        shell.press(.right)
        shell.send(.playIndex(0, at: shell.clock.now()))
        #expect(shell.flipEvents == (1, 1))
        endsOnce(shell)
    }

    @Test("RIGHT on channel 2 after the delegate was asked, then IPC channel 1: its late answer is ignored")
    func afterAsking() {
        let delegate = ScriptedDelegate(.later)
        let shell = watching(2, delegate: delegate, state: ShellState(items: lineup))
        shell.press(.right)
        shell.advance(by: 0.12)
        shell.send(.playIndex(0, at: shell.clock.now()))
        delegate.answerLater(true)
        shell.runPending()
        #expect(shell.flipEvents == (1, 1))
        #expect(shell.state.current == 0)
        endsOnce(shell)
    }

    @Test("a flip whose failure is being shown, then a number: still one end")
    func afterFailure() {
        let shell = watching(2, delegate: ScriptedDelegate(.withoutReplacing), state: ShellState(items: lineup))
        shell.press(.right)
        shell.advance(by: 0.12 + 10)
        #expect(shell.state.live.flip?.failure != nil)
        shell.type("1")
        shell.press(.select)
        endsOnce(shell)
    }

    @Test("the built-in delegate answering at once: replaceContent is reduced after the flip's effects; the first press loads at once, the second is gathered and replaces it")
    func synchronousDelegate() {
        let shell = watching(2, state: ShellState(items: lineup))
        shell.press(.right)
        #expect(shell.player.loads == ["av://lavfi:news", "av://lavfi:bars"], "no wait for a single press")
        shell.press(.right)
        #expect(shell.player.loads.count == 2, "gathered")
        shell.advance(by: 0.12)
        #expect(shell.player.loads == ["av://lavfi:news", "av://lavfi:bars", "av://lavfi:late"])
        shell.playerStarts()
        #expect(shell.state.screen == .player && shell.state.current == 3)
        let completed = shell.automation.named("channel-flip-completed")
        #expect(completed.count == 2)
        #expect(completed.last?.fields["success"] as? Bool == true)
        #expect(shell.openContentRequests == 0)
        endsOnce(shell)
    }
}
