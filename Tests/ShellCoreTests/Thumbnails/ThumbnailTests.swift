import MediaModel
@testable import ShellCore
import ShellTesting
import Testing

@Suite("Scrub thumbnails")
struct ThumbnailTests {
    @Test("each scrub step asks for the frame under the head of what plays; the runtime's picture is kept, its time marks it shown")
    func followsTheHead() {
        let h = pausedFilm(duration: 7200, position: 100, settings: ShellSettings())
        let first = ThumbnailRequest(item: film, time: 110, mayOpenStream: true)
        h.press(.right, effects: [.cancelTimer(.transportHide), .thumbnail(first)]) {
            $0.scrub = ScrubState(target: 110, origin: 100)
            $0.scrub?.lastDirection = 1
            $0.scrub?.lastStepAt = h.clock.now
            $0.thumbnail.requested = first
        }
        #expect(h.state.thumbnail.shown == false)
        let picture = ThumbnailPicture(time: 110, frameTime: 108, source: .player)
        h.send(.thumbnail(.shown(url: film.url, picture))) { $0.thumbnail.picture = picture }
        #expect(h.state.thumbnail.shown)
        _ = h.advance(by: 1)
        let next = ThumbnailRequest(item: film, time: 120, mayOpenStream: true)
        h.press(.right, effects: [.thumbnail(next)]) {
            $0.scrub?.target = 120
            $0.scrub?.lastStepAt = h.clock.now
            $0.thumbnail.requested = next
        }
        #expect(h.state.thumbnail.picture == picture && !h.state.thumbnail.shown, "the last picture stays until the next comes")
        h.send(.thumbnail(.shown(url: "/media/other.mkv", ThumbnailPicture(time: 120, frameTime: 120, source: .player))))
        h.send(.thumbnail(.unavailable(url: film.url, time: 110, reason: "old")))
        h.send(.thumbnail(.unavailable(url: film.url, time: 120, reason: "no frame there"))) { $0.thumbnail.unavailable = "no frame there" }
        h.expectArmed([.hintHide, .stall])
    }

    @Test("ESC ends the scrub: the request goes (nil) and the picture with it; thumbnails off ask for nothing")
    func endsWithTheScrub() {
        let h = pausedFilm(duration: 7200, position: 100, settings: ShellSettings())
        h.apply(.command(.right, at: h.clock.now))
        h.apply(.thumbnail(.shown(url: film.url, ThumbnailPicture(time: 110, frameTime: 110, source: .sidecar))))
        h.press(.menu, effects: [.thumbnail(nil)]) {
            $0.scrub = nil
            $0.thumbnail = ThumbnailState()
        }
        let off = pausedFilm(duration: 7200, position: 100)
        let effects = off.apply(.command(.right, at: off.clock.now))
        #expect(!effects.contains { if case .thumbnail = $0 { true } else { false } })
        #expect(off.state.thumbnail.requested == nil)
        h.expectArmed([.hintHide, .stall])
        off.expectArmed([.hintHide, .stall])
    }

    @Test("with no room under max_connections the request says so: only sidecars and I-frames may serve it")
    func connectionCap() {
        var settings = ShellSettings()
        settings.maxConnections = 1
        let h = pausedFilm(duration: 7200, position: 100, settings: settings)
        let effects = h.apply(.command(.right, at: h.clock.now))
        #expect(effects.contains(.thumbnail(ThumbnailRequest(item: film, time: 110, mayOpenStream: false))))
        h.expectArmed([.hintHide, .stall])
    }

    @Test("nothing is asked while the passcode prompt is up or off the player screen")
    func onlyWhatPlays() {
        var state = ShellState(items: [film])
        state.scrub = ScrubState(target: 50, origin: 40)
        #expect(ThumbnailReducer.wanted(state) == nil, "nothing plays")
    }
}
