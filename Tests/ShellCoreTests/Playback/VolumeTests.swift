import MediaModel
@testable import ShellCore
import ShellTesting
import Testing

private let channels = (1...5).map { (n: Int) in MediaItem(id: "c\(n)", title: "Channel \(n)", url: "http://tv.example/\(n).m3u8", isLive: true, number: n) }

@Suite("Volume keys")
struct VolumeTests {
    @Test("a step up or down is 5 %, from 0 to 130 %, every player told and the sound kept for the next start; each press puts the badge up for 1.5 s")
    func steps() {
        let h = playingFilm()
        h.press(.volumeDown, effects: [.setVolume(0.95), .keepSound(volume: 0.95, muted: false), .startTimer(.volumeBadgeHide, after: 1.5)]) {
            $0.settings.volume = 0.95
            $0.chrome.volumeBadge = "Volume 95 %"
        }
        h.press(.volumeUp, effects: [.setVolume(1.0), .keepSound(volume: 1.0, muted: false), .startTimer(.volumeBadgeHide, after: 1.5)]) {
            $0.settings.volume = 1.0
            $0.chrome.volumeBadge = "Volume 100 %"
        }
        for _ in 0..<6 { h.apply(.command(.volumeUp, at: h.clock.now)) }
        #expect(h.state.settings.volume == 1.3)
        h.press(.volumeUp, effects: [.setVolume(1.3), .keepSound(volume: 1.3, muted: false), .startTimer(.volumeBadgeHide, after: 1.5)]) { $0.chrome.volumeBadge = "Volume 130 %" }

        h.send(.nowPlaying(.setVolume(0.023), at: h.clock.now), effects: [.setVolume(0.023), .keepSound(volume: 0.023, muted: false)]) {
            $0.settings.volume = 0.023
        }
        h.press(.volumeDown, effects: [.setVolume(0), .keepSound(volume: 0, muted: false), .startTimer(.volumeBadgeHide, after: 1.5)]) {
            $0.settings.volume = 0
            $0.chrome.volumeBadge = "Volume 0 %"
        }
        h.press(.volumeDown, effects: [.setVolume(0), .keepSound(volume: 0, muted: false), .startTimer(.volumeBadgeHide, after: 1.5)])
        #expect(h.advance(by: 1.5) == [.volumeBadgeHide])
        h.send(.timerFired(.volumeBadgeHide, at: h.clock.now)) { $0.chrome.volumeBadge = nil }
        h.expectArmed([.transportHide, .hintHide, .stall])
    }

    @Test("a box's limit ([sound] max_volume 80 %): a step up stops there and says so; the socket, MPRIS and Home Assistant go no louder")
    func limit() {
        var settings = ShellSettings()
        settings.maxVolume = 0.8
        settings.volume = 0.75
        let h = playingFilm(settings: settings)
        h.press(.volumeUp, effects: [.setVolume(0.8), .keepSound(volume: 0.8, muted: false), .startTimer(.volumeBadgeHide, after: 1.5)]) {
            $0.settings.volume = 0.8
            $0.chrome.volumeBadge = "Volume 80 %"
        }
        h.press(.volumeUp, effects: [.setVolume(0.8), .keepSound(volume: 0.8, muted: false), .startTimer(.volumeBadgeHide, after: 1.5)]) {
            $0.chrome.volumeBadge = "Volume 80 % · the highest here"
        }
        h.press(.volumeDown, effects: [.setVolume(0.75), .keepSound(volume: 0.75, muted: false), .startTimer(.volumeBadgeHide, after: 1.5)]) {
            $0.settings.volume = 0.75
            $0.chrome.volumeBadge = "Volume 75 %"
        }
        h.send(.nowPlaying(.setVolume(1.2), at: h.clock.now), effects: [.setVolume(0.8), .keepSound(volume: 0.8, muted: false)]) {
            $0.settings.volume = 0.8
        }
        #expect(h.advance(by: 1.5) == [.volumeBadgeHide])
        h.send(.timerFired(.volumeBadgeHide, at: h.clock.now)) { $0.chrome.volumeBadge = nil }
        h.expectArmed([.transportHide, .hintHide, .stall])
    }

    @Test("mute turns the sound off and on; a step up turns it on, a step down leaves it off")
    func mute() {
        let h = playingFilm()
        h.press(.mute, effects: [.slot(.main, .mute(true)), .keepSound(volume: 1.0, muted: true), .startTimer(.volumeBadgeHide, after: 1.5)]) {
            $0.settings.muted = true
            $0.chrome.volumeBadge = "Muted (volume 100 %)"
        }
        h.press(.volumeDown, effects: [.setVolume(0.95), .keepSound(volume: 0.95, muted: true), .startTimer(.volumeBadgeHide, after: 1.5)]) {
            $0.settings.volume = 0.95
            $0.chrome.volumeBadge = "Muted (volume 95 %)"
        }
        h.press(.volumeUp, effects: [.setVolume(1.0), .slot(.main, .mute(false)), .keepSound(volume: 1.0, muted: false), .startTimer(.volumeBadgeHide, after: 1.5)]) {
            $0.settings.volume = 1.0
            $0.settings.muted = false
            $0.chrome.volumeBadge = "Volume 100 %"
        }
        h.press(.mute, effects: [.slot(.main, .mute(true)), .keepSound(volume: 1.0, muted: true), .startTimer(.volumeBadgeHide, after: 1.5)]) {
            $0.settings.muted = true
            $0.chrome.volumeBadge = "Muted (volume 100 %)"
        }
        h.press(.mute, effects: [.slot(.main, .mute(false)), .keepSound(volume: 1.0, muted: false), .startTimer(.volumeBadgeHide, after: 1.5)]) {
            $0.settings.muted = false
            $0.chrome.volumeBadge = "Volume 100 %"
        }
        h.expectArmed([.transportHide, .volumeBadgeHide, .hintHide, .stall])
    }

    @Test("the keys work on every screen and take nothing from it: home, the guide, the passcode prompt (no digit typed), multiview (the focused view's sound)")
    func everywhere() {
        let h = ReducerHarness(ShellState(items: channels))
        h.press(.volumeDown, effects: [.setVolume(0.95), .keepSound(volume: 0.95, muted: false), .startTimer(.volumeBadgeHide, after: 1.5)]) {
            $0.settings.volume = 0.95
            $0.chrome.volumeBadge = "Volume 95 %"
        }
        #expect(h.state.screen == .home)
        h.apply(.command(.guide, at: h.clock.now))
        let guide = h.state.screen
        h.press(.volumeUp, effects: [.setVolume(1.0), .keepSound(volume: 1.0, muted: false), .startTimer(.volumeBadgeHide, after: 1.5)]) {
            $0.settings.volume = 1.0
            $0.chrome.volumeBadge = "Volume 100 %"
        }
        #expect(h.state.screen == guide)

        var items = channels
        items[0].rating = "TV-MA"
        items[0].contentRating = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
        let policy = RestrictionPolicy(mode: .passcode, movies: .allowAll, tv: .upTo(ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)),
                                       hasPasscode: true)
        let restricted = ReducerHarness(ShellState(items: items, restrictions: RestrictionsState(policy: policy)))
        restricted.apply(.playIndex(0, at: restricted.clock.now))
        let prompt = try! #require(restricted.state.prompt)
        restricted.press(.mute, effects: [.slot(.main, .mute(true)), .keepSound(volume: 1.0, muted: true), .startTimer(.volumeBadgeHide, after: 1.5)]) {
            $0.settings.muted = true
            $0.chrome.volumeBadge = "Muted (volume 100 %)"
        }
        #expect(restricted.state.prompt == prompt && restricted.state.screen == .passcode, "the prompt as it was: no digit typed")
        let screen = ShellView.render(restricted.state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(screen.contains("Muted (volume 100 %)"), "the badge over the prompt")
        restricted.expectArmed([.volumeBadgeHide])
        h.expectArmed([.volumeBadgeHide, .previewDelay])

        let multi = ReducerHarness(ShellState(items: channels))
        multi.apply(.playIndex(0, at: multi.clock.now))
        multi.apply(.player(.playing, token: 1, at: multi.clock.now))
        multi.apply(.command(.multiview, at: multi.clock.now))
        for token in multi.state.multiview!.views.map(\.playback.token) {
            multi.apply(.player(.playing, token: token, at: multi.clock.now))
        }
        multi.apply(.command(.right, at: multi.clock.now))
        #expect(multi.state.multiview?.focus == 1)
        multi.press(.mute, effects: [.slot(.view0, .mute(true)), .slot(.view1, .mute(true)), .slot(.view2, .mute(true)), .slot(.view3, .mute(true)),
                                     .keepSound(volume: 1.0, muted: true), .startTimer(.volumeBadgeHide, after: 1.5)]) {
            $0.settings.muted = true
            $0.chrome.volumeBadge = "Muted (volume 100 %)"
        }
        multi.press(.volumeUp, effects: [.setVolume(1.05), .slot(.view0, .mute(true)), .slot(.view1, .mute(false)), .slot(.view2, .mute(true)),
                                         .slot(.view3, .mute(true)), .keepSound(volume: 1.05, muted: false), .startTimer(.volumeBadgeHide, after: 1.5)]) {
            $0.settings.volume = 1.05
            $0.settings.muted = false
            $0.chrome.volumeBadge = "Volume 105 %"
        }
        multi.send(.nowPlaying(.setMuted(true), at: multi.clock.now), effects: [
            .slot(.view0, .mute(true)), .slot(.view1, .mute(true)), .slot(.view2, .mute(true)), .slot(.view3, .mute(true)),
            .keepSound(volume: 1.05, muted: true),
        ]) { $0.settings.muted = true }
        multi.send(.nowPlaying(.setMuted(false), at: multi.clock.now), effects: [
            .slot(.view0, .mute(true)), .slot(.view1, .mute(false)), .slot(.view2, .mute(true)), .slot(.view3, .mute(true)),
            .keepSound(volume: 1.05, muted: false),
        ]) { $0.settings.muted = false }
        let drawn = ShellView.render(multi.state, theme: .dark, width: 120, height: 40, context: ViewContext(picture: .terminal)).text()
        #expect(drawn.contains("Volume 105 %"), "the badge over multiview")
        multi.expectArmed([.volumeBadgeHide])
    }

    @Test("the keys by name: ( ) * and mpv's media key names; a remote's KEY_VOLUMEUP / KEY_VOLUMEDOWN repeat while held, KEY_MUTE does not; config names")
    func names() {
        #expect(KeyMap.standard.command(for: ")") == .volumeUp && KeyMap.standard.command(for: "(") == .volumeDown && KeyMap.standard.command(for: "*") == .mute)
        #expect(KeyMap.standard.command(for: "VOLUME_UP") == .volumeUp && KeyMap.standard.command(for: "volume_down") == .volumeDown)
        #expect(KeyMap.standard.command(for: "MUTE") == .mute && KeyNames.isKnown("VOLUME_UP") && KeyNames.isKnown("MUTE"))
        let remote = RemoteMap.standard
        #expect(remote.command(button: "KEY_VOLUMEUP", repeatCount: 0) == .volumeUp && remote.command(button: "KEY_VOLUMEUP", repeatCount: 1) == nil)
        #expect(remote.command(button: "KEY_VOLUMEDOWN", repeatCount: 2) == .volumeDown)
        #expect(remote.command(button: "KEY_MUTE", repeatCount: 0) == .mute && remote.command(button: "KEY_MUTE", repeatCount: 3) == nil)
        #expect(RemoteCommand(name: "volume_up") == .volumeUp && RemoteCommand(name: "mute") == .mute && RemoteCommand.volumeDown.name == "volume_down")
    }
}
