import MediaModel
import ShellCore
import ShellTesting
import Testing

private let episode: MediaItem = {
    var item = MediaItem(id: "e1", title: "Show S01E01", url: "/media/e1.mkv")
    item.segments = [Segment(kind: .intro, start: 0, end: 20), Segment(kind: .credits, start: 160, end: 180)]
    return item
}()

/// The episode loading, with the given settings.
private func loading(_ settings: ShellSettings = ShellSettings()) -> ReducerHarness {
    let h = ReducerHarness(ShellState(items: [episode], settings: settings))
    h.apply(.playIndex(0, at: h.clock.now))
    h.apply(.player(.duration(180), token: 1, at: h.clock.now))
    h.apply(.player(.seekable(true), token: 1, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    return h
}

@Suite("Skip Intro and its kin")
struct ContextualActionTests {
    @Test("inside the intro the button shows for 8 s; ENTER skips to its end; the bar brings it back; DOWN opens the info panel as at any time")
    func ask() {
        let h = loading()
        let intro = Segment(kind: .intro, start: 0, end: 20)
        h.send(.player(.position(2), token: 1, at: h.clock.now), effects: [
            .startTimer(.contextualActionHide, after: 8), .emit(.contextualActionShown(title: "Skip Intro", id: "skip-intro", target: 20)),
        ]) {
            $0.playback.position = 2
            $0.segments.contextualAction = ContextualAction(for: intro)
        }
        h.send(.player(.position(3), token: 1, at: h.clock.now)) { $0.playback.position = 3 }
        #expect(h.advance(by: 8).contains(.contextualActionHide))
        h.send(.timerFired(.contextualActionHide, at: h.clock.now)) { $0.segments.contextualAction?.hidden = true }
        h.apply(.command(.down, at: h.clock.now))
        #expect(h.state.chrome.overlay == .info, "the first DOWN opens the info panel, hidden button or not")
        h.apply(.command(.menu, at: h.clock.now))
        #expect(h.state.chrome.overlay == .none && h.state.segments.contextualAction?.hidden == true)
        #expect(h.state.chrome.transportVisible, "the bar is back as the panel closes, and the button with it")
        h.press(.select, effects: [.seek(to: 20, exact: true), .cancelTimer(.contextualActionHide), .emit(.contextualAction(id: "skip-intro", automatic: false))]) {
            $0.segments.contextualAction = nil
            $0.playback.seekPending = true
            $0.playback.position = 20
        }
        h.send(.player(.playing, token: 1, at: h.clock.now)) { $0.playback.seekPending = false }
        h.send(.player(.position(20.04), token: 1, at: h.clock.now)) { $0.playback.position = 20.04 }
        #expect(h.state.segments.contextualAction == nil)
        h.expectArmed([.transportHide, .stall])
    }

    @Test("LEFT undoing the skip takes away its own notice only: a notice from behind shown since (a key's short notice covered the skip's) stays for its time")
    func undoKeepsNoticeFromBehind() {
        var settings = ShellSettings()
        settings.segmentChoices[.intro] = .auto
        settings.noticeDelay = 1
        let h = loading(settings)
        h.apply(.player(.position(0.04), token: 1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        #expect(h.state.chrome.notice == "Skipped intro · ← to go back" && h.state.segments.automaticSkip != nil)
        h.send(.showNotice("Recording The News")) { $0.chrome.noticesWaiting = ["Recording The News"] }
        h.press(.previousChannel, effects: [.startTimer(.noticeHide, after: 1)]) { $0.chrome.notice = "No channel before this one" }
        #expect(h.advance(by: 1) == [.noticeHide])
        h.send(.timerFired(.noticeHide, at: h.clock.now), effects: [.startTimer(.noticeHide, after: 4)]) {
            $0.chrome.notice = "Recording The News"
            $0.chrome.noticeFromBehind = "Recording The News"
            $0.chrome.noticesWaiting = []
        }
        _ = h.advance(by: 1)
        h.press(.left, effects: [.seek(to: 0.04, exact: true)]) {
            $0.segments.automaticSkip = nil
            $0.segments.declinedSkip = Segment(kind: .intro, start: 0, end: 20)
            $0.playback.seekPending = true
            $0.playback.position = 0.04
        }
        h.expectArmed([.noticeHide, .hintHide, .transportHide, .stall])
    }

    @Test("auto: reached from before it (a fresh start too), the intro skips by itself; LEFT within 5 s goes back, and then it only asks")
    func automatic() {
        var settings = ShellSettings()
        settings.segmentChoices[.intro] = .auto
        let h = loading(settings)
        h.send(.player(.position(0.04), token: 1, at: h.clock.now), effects: [
            .seek(to: 20, exact: true), .cancelTimer(.contextualActionHide), .startTimer(.noticeHide, after: 5),
            .emit(.contextualAction(id: "skip-intro", automatic: true)),
        ]) {
            $0.playback.position = 20
            $0.playback.seekPending = true
            $0.segments.automaticSkip = AutomaticSkip(segment: Segment(kind: .intro, start: 0, end: 20), from: 0.04, until: h.clock.now + 5)
            $0.chrome.notice = "Skipped intro · ← to go back"
        }
        h.send(.player(.playing, token: 1, at: h.clock.now)) { $0.playback.seekPending = false }
        _ = h.advance(by: 2)
        h.press(.left, effects: [.seek(to: 0.04, exact: true), .cancelTimer(.noticeHide)]) {
            $0.segments.automaticSkip = nil
            $0.segments.declinedSkip = Segment(kind: .intro, start: 0, end: 20)
            $0.chrome.notice = nil
            $0.playback.seekPending = true
            $0.playback.position = 0.04
        }
        h.send(.player(.playing, token: 1, at: h.clock.now)) { $0.playback.seekPending = false }
        h.send(.player(.position(0.1), token: 1, at: h.clock.now), effects: [
            .startTimer(.contextualActionHide, after: 8), .emit(.contextualActionShown(title: "Skip Intro", id: "skip-intro", target: 20)),
        ]) {
            $0.playback.position = 0.1
            $0.segments.contextualAction = ContextualAction(for: Segment(kind: .intro, start: 0, end: 20))
        }
        h.expectArmed([.contextualActionHide, .hintHide, .transportHide, .stall])
    }

    @Test("auto, but scrubbed into the credits from far before: it only asks")
    func scrubbedInto() {
        var settings = ShellSettings()
        settings.segmentChoices[.credits] = .auto
        let h = loading(settings)
        h.send(.player(.position(100), token: 1, at: h.clock.now)) { $0.playback.position = 100 }
        h.send(.player(.position(165), token: 1, at: h.clock.now), effects: [
            .startTimer(.contextualActionHide, after: 8), .emit(.contextualActionShown(title: "Skip Credits", id: "skip-credits", target: 180)),
        ]) {
            $0.playback.position = 165
            $0.segments.contextualAction = ContextualAction(for: Segment(kind: .credits, start: 160, end: 180))
        }
        h.expectArmed([.contextualActionHide, .hintHide, .transportHide, .stall])
    }

    @Test("never: no button; live channels and the scrub head get none either")
    func never() {
        var settings = ShellSettings()
        settings.segmentChoices[.intro] = .never
        let h = loading(settings)
        h.send(.player(.position(2), token: 1, at: h.clock.now)) { $0.playback.position = 2 }
        h.send(.player(.position(165), token: 1, at: h.clock.now), effects: [
            .startTimer(.contextualActionHide, after: 8), .emit(.contextualActionShown(title: "Skip Credits", id: "skip-credits", target: 180)),
        ]) {
            $0.playback.position = 165
            $0.segments.contextualAction = ContextualAction(for: Segment(kind: .credits, start: 160, end: 180))
        }
        h.expectArmed([.contextualActionHide, .hintHide, .transportHide, .stall])
    }
}

@Suite("What did they say")
struct WhatDidTheySayTests {
    @Test("w: back 15 s with the subtitles in the user's language on, until playback passes where it was pressed; then as they were")
    func replay() {
        var settings = ShellSettings()
        settings.language = "fr"
        let h = playingFilm(duration: 600, position: 100, settings: settings)
        h.send(.player(.tracks([Track(id: 1, kind: .subtitle, language: "eng"), Track(id: 2, kind: .subtitle, language: "fre")]), token: 1, at: h.clock.now)) {
            $0.playback.tracks = [Track(id: 1, kind: .subtitle, language: "eng"), Track(id: 2, kind: .subtitle, language: "fre")]
        }
        h.press(.whatDidTheySay, effects: [.seek(to: 85, exact: true), .selectTrack(.subtitle, 2), .startTimer(.transportHide, after: 5),
                                           .startTimer(.badgeHide, after: 1.5)]) {
            $0.playback.position = 85
            $0.playback.seekPending = true
            $0.playback.tracks[1].selected = true
            $0.segments.whatDidTheySay = WhatDidTheySay(until: 100, previous: nil)
            $0.chrome.badge = "−15 s, subtitles on"
        }
        h.send(.player(.playing, token: 1, at: h.clock.now)) { $0.playback.seekPending = false }
        h.send(.player(.position(99.5), token: 1, at: h.clock.now)) { $0.playback.position = 99.5 }
        h.send(.player(.position(100.02), token: 1, at: h.clock.now), effects: [.selectTrack(.subtitle, nil)]) {
            $0.playback.position = 100.02
            $0.playback.tracks[1].selected = false
            $0.segments.whatDidTheySay = nil
        }
        h.expectArmed([.hintHide, .transportHide, .badgeHide, .stall])
    }

    @Test("without subtitles it only goes back, and says so")
    func noSubtitles() {
        let h = playingFilm(duration: 600, position: 100)
        h.press(.whatDidTheySay, effects: [.seek(to: 85, exact: true), .startTimer(.noticeHide, after: 2.5), .startTimer(.transportHide, after: 5),
                                           .startTimer(.badgeHide, after: 1.5)]) {
            $0.playback.position = 85
            $0.playback.seekPending = true
            $0.chrome.notice = "No subtitles to show"
            $0.chrome.badge = "−15 s"
        }
        h.expectArmed([.hintHide, .transportHide, .noticeHide, .badgeHide, .stall])
    }
}

/// A 3-minute episode with an ad break at 60–80 s, playing at 30 s.
private func episodeAt30() -> ReducerHarness {
        var item = MediaItem(id: "e", title: "E", url: "/e.mkv")
        item.segments = [Segment(kind: .commercial, start: 60, end: 80)]
        let h = ReducerHarness(ShellState(items: [item], settings: withoutThumbnails))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.duration(180), token: 1, at: h.clock.now))
        h.apply(.player(.seekable(true), token: 1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.player(.position(30), token: 1, at: h.clock.now))
    return h
}

@Suite("Ad breaks in the reducer")
struct AdBreakReducerTests {
    @Test("a seek over an unwatched break goes to the break and keeps the target; played to its end it is watched, and the same seek goes straight there")
    func watched() {
        let h = episodeAt30()
        #expect(h.apply(.nowPlaying(.setPosition(120), at: h.clock.now)).first == .seek(to: 60, exact: true))
        #expect(h.state.segments.pendingTarget == 120)
        h.apply(.player(.position(60.2), token: 1, at: h.clock.now))
        #expect(h.state.segments.activeBreak != nil)
        #expect(h.apply(.player(.position(79.9), token: 1, at: h.clock.now)).contains(.seek(to: 120, exact: true)))
        #expect(h.state.segments.watchedBreaks["e"] == [60] && h.state.segments.pendingTarget == nil)
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.player(.position(30), token: 1, at: h.clock.now))
        #expect(h.apply(.nowPlaying(.setPosition(120), at: h.clock.now)).first == .seek(to: 120, exact: true))
        h.expectArmed(h.armedTimers)
    }

    @Test("a scrub committed with ENTER while paused, over an unwatched break, lands in it at once: in the break, target kept, still paused")
    func pausedCommitEntersBreak() {
        let h = episodeAt30()
        h.apply(.command(.playPause, at: h.clock.now))
        h.apply(.player(.paused(true), token: 1, at: h.clock.now))
        h.apply(.command(.select, at: h.clock.now))
        h.state.scrub.map { #expect($0.target == 30) }
        for _ in 0..<200 where (h.state.scrub?.target ?? 0) <= 90 { h.apply(.command(.right, at: h.clock.now)) }
        let target = h.state.scrub?.target ?? 0
        #expect(target > 80, "the head is past the break: \(target)")
        h.send(.command(.select, at: h.clock.now), effects: [
            .seek(to: 60, exact: true), .emit(.interstitialStarted(start: 60, end: 80)), .cancelTimer(.transportHide),
        ]) {
            $0.scrub = nil
            $0.playback.position = 60
            $0.playback.seekPending = true
            $0.segments.pendingTarget = target
            $0.segments.activeBreak = Segment(kind: .commercial, start: 60, end: 80)
            $0.chrome.transportVisible = true
        }
        #expect(h.state.playback.paused, "still paused")
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.player(.position(60), token: 1, at: h.clock.now))
        #expect(h.state.segments.activeBreak != nil, "the player's own report keeps it")
        h.expectArmed(h.armedTimers)
    }
}
