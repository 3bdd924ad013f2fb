import MediaModel
import ShellCore
import ShellTesting
import Testing

/// With the library loaded (positions are saved), the 2-hour film played
/// to 100 s and sent to the picture in picture over the home screen.
private func rememberedFilmInPicture() -> ReducerHarness {
    let h = ReducerHarness(ShellState(items: [film, second]))
    h.apply(.libraryLoaded([:]))
    h.apply(.playIndex(0, at: h.clock.now))
    h.apply(.player(.duration(7200), token: 1, at: h.clock.now))
    h.apply(.player(.seekable(true), token: 1, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    h.apply(.player(.position(100), token: 1, at: h.clock.now))
    h.apply(.command(.pictureInPicture, at: h.clock.now))
    return h
}

@Suite("Resume and history")
struct ResumeTests {
    @Test("a saved position between 30 s and 95 % is offered before anything loads; Resume loads from there, the other from 0")
    func offer() {
        let h = ReducerHarness(ShellState(items: [film, second]))
        h.send(.libraryLoaded([film.url: ResumePoint(position: 4360, duration: 7200)])) {
            $0.upNext.resumePoints = [film.url: ResumePoint(position: 4360, duration: 7200)]
            $0.settings.rememberPositions = true
        }
        h.send(.playIndex(0, at: h.clock.now), effects: [.cancelTimer(.errorAdvance)]) {
            $0.current = 0
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.upNext.resumeOffer = ResumeOffer(index: 0, position: 4360)
        }
        let screen = ShellView.render(h.state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(screen.contains("Resume from 1:12:40") && screen.contains("Play from the beginning"))
        h.press(.up)
        h.press(.down) { $0.upNext.resumeOffer?.focus = 1 }
        h.press(.down)
        h.press(.right)
        h.press(.up) { $0.upNext.resumeOffer?.focus = 0 }
        h.press(.left)
        h.press(.select, effects: [.loadFrom(film, token: 1, start: 4360), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.upNext.resumeOffer = nil
            $0.chrome.transportVisible = true
            $0.playback.askedStart = 4360
        }
        h.expectArmed([.transportHide, .stall])
    }

    @Test("the start item waits for the library, unless something else is chosen meanwhile: then it never plays over it")
    func startItemYields() {
        let h = ReducerHarness(ShellState(items: [film, second, channel]))
        h.send(.playWhenLibraryReady(0, at: h.clock.now), effects: [.startTimer(.libraryWait, after: 0.5)]) { $0.upNext.startPending = 0 }
        let chosen = h.apply(.playIndex(2, at: h.clock.now))
        #expect(chosen.first == .cancelTimer(.libraryWait) && chosen.contains(.load(channel, token: 1)))
        #expect(h.state.upNext.startPending == nil && h.state.current == 2)
        let loaded = h.apply(.libraryLoaded([:]))
        #expect(loaded.isEmpty, "the film does not replace the channel: \(loaded)")
        #expect(h.state.current == 2)
        h.expectArmed([.transportHide])
    }

    @Test("from the beginning; past 95 % (watched) or under 30 s there is no offer; live channels are never resumed")
    func noOffer() {
        let h = ReducerHarness(ShellState(items: [film, second, channel]))
        h.apply(.libraryLoaded([film.url: ResumePoint(position: 4360, duration: 7200), second.url: ResumePoint(position: 7000, duration: 7200),
                                channel.url: ResumePoint(position: 600, duration: nil)]))
        h.apply(.playIndex(0, at: h.clock.now))
        h.press(.down) { $0.upNext.resumeOffer?.focus = 1 }
        h.press(.select, effects: [.load(film, token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.upNext.resumeOffer = nil
            $0.chrome.transportVisible = true
        }
        #expect(h.apply(.playIndex(1, at: h.clock.now)).contains(.load(second, token: 2)))
        #expect(h.apply(.playIndex(2, at: h.clock.now)).contains(.load(channel, token: 3)))
        #expect(h.state.upNext.resumeOffer == nil)
        h.expectArmed([.transportHide, .stall])
    }

    @Test("the position is saved every 5 s, on pause, and when playback stops; each play goes into the history")
    func saving() {
        // With [pip] automatic = false, g stops what played (else it goes on in the picture).
        var state = ShellState(items: [film, second])
        state.settings.pictureAutomatic = false
        let h = ReducerHarness(state)
        h.apply(.libraryLoaded([:]))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.duration(7200), token: 1, at: h.clock.now))
        h.apply(.player(.seekable(true), token: 1, at: h.clock.now))
        #expect(h.apply(.player(.playing, token: 1, at: h.clock.now)).contains(.recordPlay(film, live: false)))
        #expect(h.apply(.player(.position(101), token: 1, at: h.clock.now)) == [.savePosition(film, position: 101, duration: 7200, watched: false)])
        #expect(h.apply(.player(.position(104.9), token: 1, at: h.clock.now)).isEmpty)
        #expect(h.apply(.player(.position(105.1), token: 1, at: h.clock.now)) == [.savePosition(film, position: 105.1, duration: 7200, watched: false)])
        #expect(h.apply(.command(.playPause, at: h.clock.now)).contains(.savePosition(film, position: 105.1, duration: 7200, watched: false)))
        #expect(h.apply(.command(.guide, at: h.clock.now)).contains(.savePosition(film, position: 105.1, duration: 7200, watched: false)))
        #expect(h.state.upNext.resumePoints[film.url]?.position == 105.1)
        let home = ShellView.render(h.state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(home.contains("CONTINUE WATCHING"), "the film left at 1:45 comes first: \(home)")
        #expect(ContinueWatching.items(h.state) == [0])
        h.expectArmed([.hintHide, .stall])
    }

    @Test("the film in the picture in picture is saved every 5 s it plays there (not while paused) and as the picture closes")
    func savingThePicture() {
        let h = rememberedFilmInPicture()
        #expect(h.state.picture.pip?.index == 0 && h.state.picture.pip?.playback.position == 100)
        h.send(.player(.position(104.9), token: 1, at: h.clock.now)) { $0.picture.pip?.playback.position = 104.9 }
        h.send(.player(.position(105.1), token: 1, at: h.clock.now), effects: [.savePosition(film, position: 105.1, duration: 7200, watched: false)]) {
            $0.picture.pip?.playback.position = 105.1
            $0.upNext.resumePoints[film.url] = ResumePoint(position: 105.1, duration: 7200, watched: false, updated: 2)
        }
        // Paused there, it is not saved again until it plays.
        h.press(.playPause, effects: [.slot(.picture, .pause(true))]) { $0.picture.pip?.playback.paused = true }
        h.send(.player(.position(110.2), token: 1, at: h.clock.now)) { $0.picture.pip?.playback.position = 110.2 }
        h.press(.playPause, effects: [.slot(.picture, .pause(false))]) { $0.picture.pip?.playback.paused = false }
        h.send(.player(.position(112), token: 1, at: h.clock.now)) { $0.picture.pip?.playback.position = 112 }
        h.press(.closePicture, effects: [
            .savePosition(film, position: 112, duration: 7200, watched: false),
            .notifyPicture(.willStop), .slot(.picture, .stop), .notifyPicture(.didStop), .emit(.pipStopped(item: film, reason: "closed")),
        ]) {
            $0.upNext.resumePoints[film.url] = ResumePoint(position: 112, duration: 7200, watched: false, updated: 3)
            $0.picture.pip = nil
            $0.retiredToken = 1
        }
    }

    @Test("quitting saves the film in the picture beside the one full screen")
    func quittingSavesThePicture() {
        let h = rememberedFilmInPicture()
        h.apply(.player(.position(103), token: 1, at: h.clock.now))
        // The second film plays full screen; the first goes on in the picture.
        h.apply(.playIndex(1, at: h.clock.now))
        let token = h.state.playback.token
        h.apply(.player(.duration(3600), token: token, at: h.clock.now))
        h.apply(.player(.playing, token: token, at: h.clock.now))
        h.apply(.player(.position(50), token: token, at: h.clock.now))
        #expect(h.state.currentItem == second && h.state.pictureItem == film)
        let effects = h.apply(.quitRequested(.key))
        #expect(effects.contains(.savePosition(second, position: 50, duration: 3600, watched: false)))
        #expect(effects.contains(.savePosition(film, position: 103, duration: 7200, watched: false)))
        #expect(effects.last == .quit)
        h.expectArmed([.hintHide, .transportHide, .stall])
    }
}
