import MediaModel
import ShellCore
import ShellTesting
import Testing

let film = MediaItem(id: "film", title: "Film", url: "/media/film.mkv", rating: "PG")
let second = MediaItem(id: "second", title: "Second", url: "/media/second.mkv")
let channel = MediaItem(id: "ch1", title: "News", url: "av://lavfi:testsrc2", isLive: true, number: 1)

/// A harness whose item 0 (a film of `duration` seconds) is playing at
/// `position`, with every step of getting there asserted.
func playingFilm(duration: Double = 7200, position: Double = 100, items: [MediaItem] = [film, second],
                 settings: ShellSettings = ShellSettings()) -> ReducerHarness {
    let h = ReducerHarness(ShellState(items: items, settings: settings))
    h.send(.playIndex(0, at: h.clock.now), effects: [
        .cancelTimer(.errorAdvance), .load(items[0], token: 1), .startTimer(.transportHide, after: 5),
        .startTimer(.stall, after: settings.stallTimeout),
    ]) {
        $0.current = 0
        $0.navigation.destination = .player
        $0.playback.token = 1
        $0.playback.phase = .loading
        $0.chrome.transportVisible = true
    }
    h.send(.player(.started, token: 1, at: h.clock.now))
    h.send(.player(.duration(duration), token: 1, at: h.clock.now)) { $0.playback.duration = duration }
    h.send(.player(.seekable(true), token: 1, at: h.clock.now)) {
        $0.playback.seekable = true
        $0.playback.seekableTold = true
    }
    h.send(.player(.position(position), token: 1, at: h.clock.now)) { $0.playback.position = position }
    h.send(.player(.playing, token: 1, at: h.clock.now), effects: [
        .emit(.playbackStarted(title: items[0].title, url: items[0].url)), .startTimer(.hintHide, after: 4),
    ]) {
        $0.playback.phase = .playing
        $0.chrome.hintVisible = true
    }
    return h
}

/// Settings without scrub thumbnails, for tests of scrubbing itself (the
/// thumbnails' requests are `ThumbnailTests`').
let withoutThumbnails: ShellSettings = {
    var settings = ShellSettings()
    settings.scrubThumbnails = false
    return settings
}()

/// The same, then paused with SPACE.
func pausedFilm(duration: Double = 7200, position: Double = 100, settings: ShellSettings = withoutThumbnails) -> ReducerHarness {
    let h = playingFilm(duration: duration, position: position, settings: settings)
    h.press(.playPause, effects: [.setPause(true), .cancelTimer(.transportHide)]) {
        $0.playback.paused = true
        $0.chrome.transportVisible = true
    }
    return h
}

/// The sleep timer set for 30 s and run out: the shell asleep. The
/// effects of falling asleep.
@discardableResult
func sleepNow(_ h: ReducerHarness) -> [Effect] {
    h.apply(.sleep(.after(30), at: h.clock.now))
    _ = h.advance(by: 30)
    return h.apply(.timerFired(.sleepNow, at: h.clock.now))
}
