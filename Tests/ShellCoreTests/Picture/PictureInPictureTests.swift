import MediaModel
import ShellCore
import ShellTesting
import Testing

private let news = MediaItem(id: "news", title: "News", url: "av://lavfi:testsrc2", isLive: true, number: 1)
private let sport = MediaItem(id: "sport", title: "Sport", url: "av://lavfi:mandelbrot", isLive: true, number: 2)

/// A harness with the film (item 0) at 100 s in a picture over the home
/// screen, its every step stated.
private func filmInPicture(items: [MediaItem] = [film, second, news]) -> (ReducerHarness, PlaybackState) {
    let h = playingFilm(items: items)
    let playing = h.state.playback
    h.press(.pictureInPicture, effects: [
        .notifyPicture(.willStart), .exchangePlayers(.main, .picture),
        .cancelTimer(.transportHide), .cancelTimer(.hintHide), .cancelTimer(.posterDelay), .cancelTimer(.stall),
        .cancelTimer(.programmeBoundary), .notifyPicture(.didStart), .emit(.pipStarted(item: film)),
    ]) {
        $0.picture.pip = PictureInPicture(index: 0, playback: playing, corner: .topRight)
        $0.playback = PlaybackState()
        $0.playback.token = 2
        $0.current = nil
        $0.navigation.destination = .home
        $0.chrome.transportVisible = false
        $0.chrome.hintVisible = false
    }
    return (h, playing)
}

@Suite("Picture in picture")
struct PictureInPictureTests {
    @Test("p puts the playing film in a picture over the home screen; p again asks the delegate, then restores it where it was")
    func startAndRestore() {
        let (h, playing) = filmInPicture()
        h.send(.player(.position(104), token: 1, at: h.clock.now)) { $0.picture.pip?.playback.position = 104 }
        h.send(.frame(.rendered, token: 1, at: h.clock.now)) {
            $0.picture.pip?.playback.framesRendered = 1
            $0.picture.pip?.playback.firstFramePresented = true
        }
        h.press(.down) { $0.navigation.homeSelection = 1 }
        h.press(.pictureInPicture, effects: [
            .notifyPicture(.willStop), .restorePictureInterface(token: 1), .startTimer(.pictureRestore, after: 2),
        ]) { $0.picture.pip?.restoring = true }
        h.send(.pictureRestoreAnswered(token: 1, restored: true, at: h.clock.now), effects: [
            .cancelTimer(.pictureRestore), .cancelTimer(.errorAdvance), .exchangePlayers(.main, .picture),
            .startTimer(.transportHide, after: 5), .notifyPicture(.didStop), .emit(.pipRestored(item: film)),
            .emit(.pipStopped(item: film, reason: "restored")),
        ]) {
            $0.playback = playing
            $0.playback.position = 104
            $0.playback.framesRendered = 1
            $0.playback.firstFramePresented = false  // its next frame full screen is the first (`first-frame`)
            $0.retiredToken = 2
            $0.picture.pip = nil
            $0.current = 0
            $0.navigation.homeSelection = 0
            $0.navigation.destination = .player
            $0.chrome.transportVisible = true
        }
        h.expectArmed([.transportHide])
    }

    @Test("ESC from a playing item starts the picture (automatic); with a picture already up it goes home and gives the picture its sound back")
    func escapeStartsPicture() {
        let (h, _) = filmInPicture()
        h.press(.down) { $0.navigation.homeSelection = 1 }
        h.press(.select, effects: [
            .cancelTimer(.errorAdvance), .load(second, token: 3), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15),
            .slot(.picture, .mute(true)),
        ]) {
            $0.current = 1
            $0.navigation.destination = .player
            $0.playback = PlaybackState()
            $0.playback.token = 3
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
            $0.picture.pip?.muted = true
        }
        h.send(.player(.playing, token: 3, at: h.clock.now), effects: [
            .emit(.playbackStarted(title: "Second", url: second.url)), .startTimer(.hintHide, after: 4),
        ]) {
            $0.playback.phase = .playing
            $0.chrome.hintVisible = true
        }
        h.press(.menu, effects: [.cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .stop, .slot(.picture, .mute(false))]) {
            $0.navigation.destination = .home
            $0.chrome.transportVisible = false
            $0.chrome.hintVisible = false
            $0.playback.phase = .idle
            $0.playback.token = 4
            $0.picture.pip?.muted = false
        }
        h.expectArmed([.hintHide, .stall])
    }

    @Test("x swaps the picture and the full-screen item; the sound follows the full-screen one")
    func swap() {
        let (h, film) = filmInPicture()
        h.press(.down) { $0.navigation.homeSelection = 1 }
        h.apply(.command(.select, at: h.clock.now))
        h.apply(.player(.playing, token: 3, at: h.clock.now))
        let secondPlaying = h.state.playback
        h.press(.swapPicture, effects: [
            .exchangePlayers(.main, .picture), .slot(.picture, .mute(true)), .slot(.main, .mute(false)), .cancelTimer(.hintHide),
            .startTimer(.transportHide, after: 5),
        ]) {
            $0.playback = film
            $0.current = 0
            $0.navigation.homeSelection = 0
            $0.picture.pip = PictureInPicture(index: 1, playback: secondPlaying, corner: .topRight, muted: true)
            $0.chrome.hintVisible = false
        }
        h.send(.player(.position(5), token: 3, at: h.clock.now)) { $0.picture.pip?.playback.position = 5 }
        h.send(.player(.position(101), token: 1, at: h.clock.now)) { $0.playback.position = 101 }
        h.expectArmed([.transportHide, .stall])
    }

    @Test("a remote has no x, m or P: the info panel's Info tab has the picture's Swap, Move and Close before the sleep timer; Move keeps the panel open, Swap and Close close it")
    func remoteKeysInTheInfoPanel() {
        let (h, film) = filmInPicture()
        h.press(.down) { $0.navigation.homeSelection = 1 }
        h.apply(.command(.select, at: h.clock.now))
        h.apply(.player(.playing, token: 3, at: h.clock.now))
        h.apply(.timerFired(.hintHide, at: h.clock.now))
        let secondPlaying = h.state.playback
        h.press(.down, effects: [.cancelTimer(.hintHide)]) {
            $0.chrome.overlay = .info
            $0.chrome.infoTab = .info
        }
        let tabs = OverlayModel.infoTabs(h.state).count
        #expect(OverlayModel.infoItems(h.state).map(\.title) == ["Swap", "Move", "Close", "Sleep: Off"])
        let panel = ShellView.render(h.state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        let narrow = ShellView.render(h.state, theme: .dark, width: 60, height: 18, context: ViewContext(picture: .terminal)).text()
        #expect(narrow.split(separator: "\n", omittingEmptySubsequences: false)[10].hasPrefix("  ▣  Swap   Move   Close    Sleep: Off      ▲ / ESC close"),
                "the TV's grid: the sleep timer without its next choice, not cut: \(narrow)")
        #expect(panel.split(separator: "\n", omittingEmptySubsequences: false)[10].hasPrefix("  ▣  Swap   Move   Close    Sleep: Off  next: 15 min            ▲ / ESC close"), "\(panel)")
        h.press(.down) { $0.chrome.overlayFocus = tabs }
        h.press(.right) { $0.chrome.overlayFocus = tabs + 1 }
        h.press(.select) { $0.picture.pip?.corner = .bottomRight }
        h.press(.select) { $0.picture.pip?.corner = .bottomLeft }
        h.press(.left) { $0.chrome.overlayFocus = tabs }
        h.press(.select, effects: [
            .exchangePlayers(.main, .picture), .slot(.picture, .mute(true)), .slot(.main, .mute(false)), .cancelTimer(.hintHide),
            .startTimer(.transportHide, after: 5),
        ]) {
            $0.chrome.overlay = .none
            $0.chrome.overlayFocus = 0
            $0.playback = film
            $0.playback.phase = .playing
            $0.current = 0
            $0.navigation.homeSelection = 0
            $0.picture.pip = PictureInPicture(index: 1, playback: secondPlaying, corner: .bottomLeft, muted: true)
            $0.chrome.transportVisible = true
        }
        h.press(.down, effects: [.cancelTimer(.hintHide)]) { $0.chrome.overlay = .info }
        h.press(.down) { $0.chrome.overlayFocus = tabs }
        h.press(.right) { $0.chrome.overlayFocus = tabs + 1 }
        h.press(.right) { $0.chrome.overlayFocus = tabs + 2 }
        h.press(.select, effects: [
            .notifyPicture(.willStop), .slot(.picture, .stop), .notifyPicture(.didStop), .emit(.pipStopped(item: second, reason: "closed")),
        ]) {
            $0.chrome.overlay = .none
            $0.chrome.overlayFocus = 0
            $0.picture.pip = nil
            $0.retiredToken = 3
        }
        #expect(OverlayModel.infoItems(h.state).map(\.title) == ["Sleep: Off"], "no picture: only the sleep timer")
        h.expectArmed([.transportHide, .stall])
    }

    @Test("the picture's keys: m moves it clockwise, [ and ] skip it, SPACE pauses it under the home screen, P closes it")
    func keys() {
        let (h, _) = filmInPicture()
        h.press(.movePicture) { $0.picture.pip?.corner = .bottomRight }
        h.press(.movePicture) { $0.picture.pip?.corner = .bottomLeft }
        h.press(.movePicture) { $0.picture.pip?.corner = .topLeft }
        h.press(.movePicture) { $0.picture.pip?.corner = .topRight }
        // Once drawn, m goes to the first corner that shows it somewhere
        // else (as the presenter reported), or says why it cannot.
        let drawn = PictureSpot(corner: .bottomRight, moves: [.topLeft, .topRight])
        h.send(.pictureDrawn(drawn)) { $0.picture.pip?.spot = drawn }
        h.press(.movePicture) { $0.picture.pip?.corner = .topLeft }
        let cornered = PictureSpot(corner: .topLeft, moves: [])
        h.send(.pictureDrawn(cornered)) { $0.picture.pip?.spot = cornered }
        h.press(.movePicture, effects: [.startTimer(.noticeHide, after: 5)]) { $0.chrome.notice = "No other corner is free" }
        let hidden = PictureSpot(corner: nil, moves: [])
        h.send(.pictureDrawn(hidden)) { $0.picture.pip?.spot = hidden }
        h.press(.movePicture, effects: [.startTimer(.noticeHide, after: 5)]) {
            $0.chrome.notice = "No room for the picture beside this screen's panels"
        }
        h.send(.timerFired(.noticeHide, at: h.clock.now)) { $0.chrome.notice = nil }
        h.press(.pictureForward, effects: [.slot(.picture, .seekBy(10))])
        h.press(.pictureBack, effects: [.slot(.picture, .seekBy(-10))])
        h.press(.playPause, effects: [.slot(.picture, .pause(true))]) { $0.picture.pip?.playback.paused = true }
        h.press(.playPause, effects: [.slot(.picture, .pause(false))]) { $0.picture.pip?.playback.paused = false }
        h.press(.closePicture, effects: [
            .notifyPicture(.willStop), .slot(.picture, .stop), .notifyPicture(.didStop), .emit(.pipStopped(item: film, reason: "closed")),
        ]) {
            $0.picture.pip = nil
            $0.retiredToken = 1
        }
        h.send(.player(.position(120), token: 1, at: h.clock.now))
        h.press(.playPause, effects: [
            .cancelTimer(.errorAdvance), .load(film, token: 3), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15),
        ]) {
            $0.current = 0
            $0.navigation.destination = .player
            $0.playback.token = 3
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
        }
        h.expectArmed([.transportHide, .stall])
    }

    @Test("a live picture has no skips")
    func liveHasNoSkips() {
        let h = ReducerHarness(ShellState(items: [news]))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.command(.pictureInPicture, at: h.clock.now))
        h.press(.pictureForward)
        h.press(.pictureBack)
        h.expectArmed([])
    }

    @Test("a live picture whose buffer filled its room on disk loads again in the picture, playing from now, a notice saying why; not before it holds 10 s, nor while it is restored; the load before's reports are ignored")
    func pictureBufferFull() {
        let h = ReducerHarness(ShellState(items: [news, sport]))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.command(.pictureInPicture, at: h.clock.now))
        h.send(.player(.liveBuffer(start: 0, end: 8), token: 1, at: h.clock.now)) {
            $0.picture.pip?.playback.liveBuffer = LiveBuffer(start: 0, end: 8)
        }
        #expect(h.apply(.player(.bufferFull(bytes: 3 << 30), token: 1, at: h.clock.now)) == [], "8 s held: a room that small would load it again and again")
        h.send(.player(.liveBuffer(start: 0, end: 40), token: 1, at: h.clock.now)) { $0.picture.pip?.playback.liveBuffer?.end = 40 }
        h.press(.playPause, effects: [.slot(.picture, .pause(true))]) { $0.picture.pip?.playback.paused = true }
        let text = "The picture's rewind buffer filled its room on disk (2.1 GiB): it starts again from now"
        h.send(.player(.bufferFull(bytes: 2_254_857_830), token: 1, at: h.clock.now), effects: [
            .startTimer(.noticeHide, after: 10), .slot(.picture, .load(news, token: 3)),
        ]) {
            var playback = PlaybackState()
            playback.token = 3
            playback.phase = .loading
            $0.picture.pip?.playback = playback
            $0.retiredToken = 1
            $0.chrome.notice = text
            $0.chrome.noticeFromBehind = text
        }
        h.send(.player(.bufferFull(bytes: 3 << 30), token: 1, at: h.clock.now))
        h.send(.player(.preloaded(ratings: []), token: 3, at: h.clock.now), effects: [.slot(.picture, .continueLoad(token: 3))])
        h.send(.player(.playing, token: 3, at: h.clock.now)) { $0.picture.pip?.playback.phase = .playing }
        h.send(.player(.liveBuffer(start: 0, end: 12), token: 3, at: h.clock.now)) {
            $0.picture.pip?.playback.liveBuffer = LiveBuffer(start: 0, end: 12)
        }
        h.press(.pictureInPicture, effects: [.notifyPicture(.willStop), .restorePictureInterface(token: 3), .startTimer(.pictureRestore, after: 2)]) {
            $0.picture.pip?.restoring = true
        }
        #expect(h.apply(.player(.bufferFull(bytes: 3 << 30), token: 3, at: h.clock.now)) == [], "not while it comes back full screen")
        h.expectArmed([.noticeHide, .pictureRestore])
    }

    @Test("where a load still opening is not taken over (the TV output), a picture loading again that comes back full screen loads there: its own player stops, nothing is swapped")
    func pictureOpeningComesBackCold() {
        var settings = ShellSettings()
        settings.takeOverLoading = false
        let h = ReducerHarness(ShellState(items: [news, sport], settings: settings))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.command(.pictureInPicture, at: h.clock.now))
        h.apply(.player(.liveBuffer(start: 0, end: 40), token: 1, at: h.clock.now))
        h.apply(.player(.bufferFull(bytes: 3 << 30), token: 1, at: h.clock.now))
        #expect(h.state.picture.pip?.playback.phase == .loading && h.state.picture.pip?.playback.token == 3)
        h.apply(.command(.pictureInPicture, at: h.clock.now))
        let back = h.apply(.pictureRestoreAnswered(token: 3, restored: true, at: h.clock.now))
        #expect(!back.contains { if case .exchangePlayers = $0 { true } else { false } }, "no swap: \(back)")
        let stop = back.firstIndex(of: .slot(.picture, .stop))
        let load = back.firstIndex { if case .load(let item, _) = $0 { item.url == news.url } else { false } }
        #expect(stop != nil && load != nil && stop! < load!, "the picture's player stops, then its channel loads full screen: \(back)")
        #expect(h.state.picture.pip == nil && h.state.current == 0 && h.state.playback.phase == .loading && h.state.screen == .player)
        h.expectArmed(h.armedTimers)
    }

    @Test("the guide's preview whose buffer filled its room on disk loads again in the pane; not before it holds 10 s")
    func previewBufferFull() {
        let h = ReducerHarness(ShellState(items: [news, sport]))
        h.apply(.command(.guide, at: h.clock.now))
        _ = h.advance(by: 0.6)
        #expect(h.apply(.timerFired(.previewDelay, at: h.clock.now)).contains(.slot(.preview, .load(news, token: 1))))
        h.apply(.player(.preloaded(ratings: []), token: 1, at: h.clock.now))
        h.send(.player(.playing, token: 1, at: h.clock.now)) { $0.picture.preview?.playback.phase = .playing }
        h.send(.player(.liveBuffer(start: 0, end: 9), token: 1, at: h.clock.now)) {
            $0.picture.preview?.playback.liveBuffer = LiveBuffer(start: 0, end: 9)
        }
        #expect(h.apply(.player(.bufferFull(bytes: 3 << 30), token: 1, at: h.clock.now)) == [], "9 s held")
        h.send(.player(.liveBuffer(start: 0, end: 30), token: 1, at: h.clock.now)) { $0.picture.preview?.playback.liveBuffer?.end = 30 }
        h.send(.player(.bufferFull(bytes: 3 << 30), token: 1, at: h.clock.now), effects: [.slot(.preview, .load(news, token: 2))]) {
            var playback = PlaybackState()
            playback.token = 2
            playback.phase = .loading
            $0.picture.preview?.playback = playback
            $0.retiredToken = 1
        }
        h.send(.player(.preloaded(ratings: []), token: 2, at: h.clock.now), effects: [.slot(.preview, .continueLoad(token: 2))])
        h.send(.player(.bufferFull(bytes: 3 << 30), token: 2, at: h.clock.now))
        h.expectArmed([])
    }

    @Test("it cannot start on a terminal under 60×18, before anything plays, or for restricted content: a notice says why")
    func impossible() {
        let h = playingFilm()
        h.send(.display(DisplaySize(columns: 59, rows: 24))) { $0.display = DisplaySize(columns: 59, rows: 24) }
        let why = "the terminal is 59×24; a picture needs 60×18"
        h.press(.pictureInPicture, effects: [.notifyPicture(.failedToStart(reason: why)), .startTimer(.noticeHide, after: 10)]) {
            $0.chrome.notice = "Picture in picture: \(why)"
        }
        #expect(PictureInPicturePossibility.reason(h.state) == why)
        h.send(.display(DisplaySize(columns: 60, rows: 18))) { $0.display = DisplaySize(columns: 60, rows: 18) }
        #expect(PictureInPicturePossibility.reason(h.state) == nil)

        let idle = ReducerHarness(ShellState(items: [film]))
        #expect(PictureInPicturePossibility.reason(idle.state) == "nothing is playing")
        idle.apply(.playIndex(0, at: idle.clock.now))
        #expect(PictureInPicturePossibility.reason(idle.state) == "nothing is playing", "loading is not playing yet")
        h.expectArmed([.transportHide, .hintHide, .noticeHide, .stall])
        idle.expectArmed([.transportHide, .stall])
    }

    @Test("the delegate that never answers the restore is cut off after 2 s: the picture simply stops")
    func restoreTimeout() {
        let (h, _) = filmInPicture()
        h.press(.pictureInPicture, effects: [
            .notifyPicture(.willStop), .restorePictureInterface(token: 1), .startTimer(.pictureRestore, after: 2),
        ]) { $0.picture.pip?.restoring = true }
        #expect(h.advance(by: 2) == [.pictureRestore])
        h.send(.timerFired(.pictureRestore, at: h.clock.now), effects: [
            .cancelTimer(.pictureRestore), .slot(.picture, .stop), .notifyPicture(.didStop), .emit(.pipStopped(item: film, reason: "closed")),
        ]) {
            $0.picture.pip = nil
            $0.retiredToken = 1
        }
        h.send(.pictureRestoreAnswered(token: 1, restored: true, at: h.clock.now))
        h.expectArmed([])
    }

    @Test("a picture that fails stops (reason failed); reports of a closed picture are ignored")
    func pictureFails() {
        let (h, _) = filmInPicture()
        h.send(.player(.failed(reason: "tcp: Connection reset"), token: 1, at: h.clock.now), effects: [
            .notifyPicture(.willStop), .slot(.picture, .stop), .notifyPicture(.didStop), .emit(.pipStopped(item: film, reason: "failed")),
            .emit(.error(title: "The picture stopped", reason: "tcp: Connection reset", url: film.url)),
        ]) {
            $0.picture.pip = nil
            $0.retiredToken = 1
        }
        h.send(.player(.playing, token: 1, at: h.clock.now))
        h.send(.frame(.rendered, token: 1, at: h.clock.now))
        h.expectArmed([])
    }

    @Test("playing the picture's own item from home restores it instead of loading it twice")
    func playingPictureItemRestores() {
        let (h, _) = filmInPicture()
        h.press(.select, effects: [.notifyPicture(.willStop), .restorePictureInterface(token: 1), .startTimer(.pictureRestore, after: 2)]) {
            $0.picture.pip?.restoring = true
        }
        h.expectArmed([.pictureRestore])
    }
}
