import MediaModel
import ShellCore
import ShellRuntime
import ShellTesting
import Testing

/// The passcode prompt for a restricted channel, reached every way there
/// is, stays up until the right code, ESC or the lockout: the hole where it
/// vanished after ~12 s (an effect handler re-entered the reducer, and the
/// flip's timeout was armed after the prompt had cancelled it).
@Suite("Embedded: the passcode prompt stays")
struct PromptStaysTests {
    /// Checks the prompt for Late Night is up, and still up at 30 s and 60 s.
    private func staysUp(_ shell: EmbeddedShell, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(shell.state.screen == .passcode, sourceLocation: sourceLocation)
        #expect(shell.state.prompt?.item.id == "late", sourceLocation: sourceLocation)
        #expect(shell.player.loaded?.item.id != "late" || !shell.player.continued, "nothing of it decoded", sourceLocation: sourceLocation)
        for _ in 0..<2 {
            shell.advance(by: 30)
            #expect(shell.state.screen == .passcode, sourceLocation: sourceLocation)
            #expect(shell.state.prompt?.item.id == "late", sourceLocation: sourceLocation)
            #expect(shell.state.current == 3, sourceLocation: sourceLocation)
        }
        #expect(shell.armedTimers[.flipTimeout] == nil, "no flip timeout waits under the prompt", sourceLocation: sourceLocation)
        #expect(!shell.player.loads.contains("av://lavfi:late"), "Late Night is never opened before its code", sourceLocation: sourceLocation)
    }

    /// The right code plays it.
    private func rightCodePlays(_ shell: EmbeddedShell, sourceLocation: SourceLocation = #_sourceLocation) {
        shell.type("1234")
        #expect(shell.state.prompt == nil, sourceLocation: sourceLocation)
        #expect(shell.player.loaded?.item.id == "late", sourceLocation: sourceLocation)
        shell.playerStarts()
        #expect(shell.state.screen == .player, sourceLocation: sourceLocation)
        #expect(shell.state.playback.phase == .playing, sourceLocation: sourceLocation)
    }

    @Test("RIGHT from channel 3 with the built-in delegate (it replaces the content at once)")
    func builtInFlip() {
        let shell = watching(3)
        shell.press(.right)
        #expect(shell.state.screen == .passcode, "a single press asks the delegate at once, and it replaces the content at once")
        shell.advance(by: 0.12)
        staysUp(shell)
        #expect(shell.flipEvents == (1, 0), "the flip is still open: the prompt answers it")
        rightCodePlays(shell)
        #expect(shell.flipEvents == (1, 1))
        #expect(shell.automation.named("channel-flip-completed").first?.fields["success"] as? Bool == true)
        #expect(shell.openContentRequests == 0)
    }

    @Test("a delegate that answers at once, later, twice, or never, after replacing the content", arguments: [
        ScriptedDelegate.Answer.atOnce, .later, .twice, .never,
    ])
    func delegates(_ answer: ScriptedDelegate.Answer) {
        let delegate = ScriptedDelegate(answer)
        let shell = watching(3, delegate: delegate)
        shell.press(.right)
        shell.advance(by: 0.12)
        #expect(delegate.asked == 1)
        if answer == .later { delegate.answerLater(true); shell.runPending() }
        staysUp(shell)
        let completed = shell.automation.named("channel-flip-completed")
        #expect(completed.count == (answer == .never ? 0 : 1), "a flip ends once: \(completed)")
        guard answer == .never else {
            rightCodePlays(shell)
            #expect(shell.flipEvents == (1, 1))
            return
        }
        shell.type("1234")
        shell.playerStarts()
        #expect(shell.state.screen == .interstitial, "the flip waits for the delegate's answer")
        shell.advance(by: 10)
        #expect(shell.flipEvents == (1, 1), "a delegate that never answers is timed out once the code is given")
        shell.advance(by: 3)
        #expect(shell.state.current == 2 && shell.state.screen == .player, "back where the flip started")
    }

    @Test("ESC on a prompt the delegate already answered goes back to channel 3")
    func escapeAfterAnswer() {
        let shell = watching(3, delegate: ScriptedDelegate(.atOnce))
        shell.press(.right)
        shell.advance(by: 0.12)
        shell.advance(by: 45)
        shell.press(.menu)
        #expect(shell.state.prompt == nil)
        #expect(shell.state.current == 2 && shell.player.loaded?.item.id == "bars")
        #expect(shell.state.screen == .player)
    }

    @Test("the number 4 typed on channel 3")
    func numberEntry() {
        let shell = watching(3)
        shell.type("4")
        shell.advance(by: 2)
        staysUp(shell)
        rightCodePlays(shell)
    }

    @Test("the guide: ESC home, down to Late Night, ENTER")
    func guide() {
        let shell = watching(3)
        shell.press(.menu)
        shell.press(.down)
        shell.press(.select)
        staysUp(shell)
        rightCodePlays(shell)
    }

    @Test("IPC channel 4 (playIndex), then IPC play and channel are refused while it is up")
    func ipcChannel() {
        let shell = watching(3)
        shell.send(.playIndex(3, at: shell.clock.now()))
        staysUp(shell)
        shell.send(.playIndex(0, at: shell.clock.now()))
        shell.send(.playItem(MediaItem.fromLocation("/tmp/film.mkv"), at: shell.clock.now()))
        shell.send(.replaceContent(lineup[1], request: nil, at: shell.clock.now()))
        staysUp(shell)
        rightCodePlays(shell)
    }

    @Test("five wrong codes lock it out: the prompt goes, back to channel 3")
    func lockout() {
        let shell = watching(3)
        shell.press(.right)
        shell.advance(by: 0.12)
        for _ in 0..<4 {
            shell.type("9999")
            #expect(shell.state.screen == .passcode)
        }
        shell.type("9999")
        #expect(shell.state.prompt == nil)
        #expect(shell.state.current == 2)
        #expect(shell.flipEvents == (1, 1))
        #expect(shell.automation.named("restrictions-authorization").last?.fields["reason"] as? String == "too many wrong passcodes")
    }

    @Test("with --unrated restrict an unrated channel asks too, and is not opened before the code; rated TV-G plays")
    func unratedRestricted() {
        var state = restricted()
        state.restrictions.policy.unrated = .restrict
        let shell = EmbeddedShell(state)
        shell.send(.playIndex(1, at: shell.clock.now()))
        #expect(shell.state.screen == .passcode)
        #expect(shell.state.prompt?.item.id == "news")
        #expect(shell.player.loads.isEmpty)
        shell.press(.menu)
        shell.send(.playIndex(0, at: shell.clock.now()))
        #expect(shell.state.prompt == nil)
        #expect(shell.player.loads == ["av://lavfi:kids"])
    }
}
