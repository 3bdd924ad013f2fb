import MediaModel
import ShellCore
import ShellRuntime
import ShellTesting
import Synchronization
import Testing

/// A picture-in-picture delegate that records what it hears and answers the
/// restore as told: at once, later (from another thread), or never.
final class PictureDelegate: ShellDelegate {
    enum Answer { case atOnce, later, never, refuse }
    let answer: Answer
    private(set) var heard: [String] = []
    let kept = Mutex<[@Sendable (Bool) -> Void]>([])

    init(_ answer: Answer) { self.answer = answer }

    func skipToNextChannel(_ shell: ShellControl, request: FlipRequest, completion: @escaping @Sendable (Bool) -> Void) {
        shell.replaceContent(with: request.target) { completion($0) }
    }

    func skipToPreviousChannel(_ shell: ShellControl, request: FlipRequest, completion: @escaping @Sendable (Bool) -> Void) {
        shell.replaceContent(with: request.target) { completion($0) }
    }

    func pictureInPictureWillStart(_ shell: ShellControl) { heard.append("willStart") }
    func pictureInPictureDidStart(_ shell: ShellControl) { heard.append("didStart") }
    func pictureInPictureFailedToStart(_ shell: ShellControl, error: PictureInPictureError) { heard.append("failed: \(error.reason)") }
    func pictureInPictureWillStop(_ shell: ShellControl) { heard.append("willStop") }
    func pictureInPictureDidStop(_ shell: ShellControl) { heard.append("didStop") }

    func restoreUserInterfaceForPictureInPictureStop(_ shell: ShellControl, completion: @escaping @Sendable (Bool) -> Void) {
        heard.append("restore")
        switch answer {
        case .atOnce: completion(true)
        case .refuse: completion(false)
        case .later: kept.withLock { $0.append(completion) }
        case .never: break
        }
    }
}

@Suite("Picture in picture through the runtime")
struct PictureDelegateTests {
    @Test("the delegate hears will/did start, and the restore; the picture's player moves to the main slot and back, never reloaded")
    func startAndRestore() {
        let delegate = PictureDelegate(.atOnce)
        let shell = watching(1, delegate: delegate)
        let kids = shell.player
        #expect(shell.control.isPictureInPicturePossible)
        shell.control.startPictureInPicture()
        shell.runPending()
        #expect(delegate.heard == ["willStart", "didStart"])
        #expect(shell.player(in: .picture) === kids, "the playing player is the picture now")
        #expect(shell.state.screen == .home && shell.state.picture.pip?.index == 0)
        #expect(shell.automation.named("pip-started").count == 1)
        #expect(!shell.control.isPictureInPicturePossible && shell.control.isPictureInPictureActive)
        shell.control.stopPictureInPicture()
        shell.runPending()
        #expect(delegate.heard == ["willStart", "didStart", "willStop", "restore", "didStop"])
        #expect(shell.player === kids && kids.loads == ["av://lavfi:kids"], "restored without a second load")
        #expect(shell.state.screen == .player && shell.state.picture.pip == nil)
        #expect(shell.automation.named("pip-restored").count == 1)
        #expect(shell.automation.named("pip-stopped").first?.fields["reason"] as? String == "restored")
    }

    @Test("a delegate that never answers the restore is cut off after 2 s: the picture stops, the home screen stays")
    func neverAnswers() {
        let delegate = PictureDelegate(.never)
        let shell = watching(1, delegate: delegate)
        shell.press(.pictureInPicture)
        let picture = shell.player(in: .picture)
        shell.press(.pictureInPicture)
        shell.advance(by: 1.9)
        #expect(shell.state.picture.pip?.restoring == true)
        shell.advance(by: 0.1)
        #expect(shell.state.picture.pip == nil && shell.state.screen == .home)
        #expect(picture?.calls.last == .stop)
        #expect(shell.automation.named("pip-stopped").first?.fields["reason"] as? String == "closed")
        #expect(delegate.heard == ["willStart", "didStart", "willStop", "restore", "didStop"])
    }

    @Test("a late answer from another thread restores; one after the cut-off is ignored")
    func lateAnswers() async {
        let delegate = PictureDelegate(.later)
        let shell = watching(1, delegate: delegate)
        shell.press(.pictureInPicture)
        shell.press(.pictureInPicture)
        shell.advance(by: 1)
        let completions = delegate.kept.withLock { $0 }
        await Task.detached { completions.first?(true) }.value
        shell.runPending()
        #expect(shell.state.screen == .player && shell.state.picture.pip == nil)

        shell.press(.pictureInPicture)
        shell.press(.pictureInPicture)
        shell.advance(by: 2)
        #expect(shell.state.picture.pip == nil && shell.state.screen == .home)
        let second = delegate.kept.withLock { $0 }.last
        await Task.detached { second?(true) }.value
        shell.runPending()
        #expect(shell.state.screen == .home, "too late: the picture had already stopped")
    }

    @Test("a restricted item, or nothing playing, cannot go into a picture: the delegate hears why")
    func cannotStart() {
        let delegate = PictureDelegate(.atOnce)
        let shell = EmbeddedShell(restricted(), delegate: delegate)
        shell.control.startPictureInPicture()
        #expect(delegate.heard == ["failed: nothing is playing"])
        #expect(shell.state.chrome.notice == "Picture in picture: nothing is playing")
    }

    @Test("with a picture up, another channel plays full screen and the picture is muted; x swaps and the sound follows")
    func twoPlayers() {
        let shell = watching(1)
        shell.press(.pictureInPicture)
        let kids = shell.player(in: .picture)!
        shell.send(.playIndex(1, at: shell.clock.now()))
        shell.playerStarts()
        let news = shell.player
        #expect(news !== kids && news.loads == ["av://lavfi:news"])
        #expect(kids.muted && !news.muted)
        shell.press(.swapPicture)
        #expect(shell.player === kids && shell.player(in: .picture) === news)
        #expect(!kids.muted && news.muted)
        #expect(shell.state.currentItem?.id == "kids" && shell.state.pictureItem?.id == "news")
    }

    @Test("a muted picture's player that comes back to the main slot plays the next item with its sound on")
    func mutedPlayerBackInMain() {
        let shell = watching(1)
        shell.press(.pictureInPicture)
        shell.send(.playIndex(1, at: shell.clock.now()))
        shell.playerStarts()
        let mutedPicture = shell.player(in: .picture)!
        #expect(mutedPicture.muted)
        shell.press(.closePicture)
        shell.press(.menu)
        #expect(shell.state.picture.pip != nil && shell.player === mutedPicture, "the closed picture's player took the main slot")
        shell.send(.playIndex(2, at: shell.clock.now()))
        #expect(!shell.player.muted && shell.player.loads.last == "av://lavfi:bars")
    }
}
