import MediaModel
@testable import ShellCore
import ShellTesting
import Testing

private func episode(_ n: Int, credits: Bool = true) -> MediaItem {
    var item = MediaItem(id: "e\(n)", title: "Show S01E0\(n)", url: "/shows/Show S01E0\(n).mkv")
    if credits { item.segments = [Segment(kind: .credits, start: 160, end: 180)] }
    return item
}

/// The first episode playing at 150 of its 180 s (credits from 160 s);
/// `remembering`: the library loaded, so positions are saved.
private func watchingEpisode(_ settings: ShellSettings = ShellSettings(), remembering: Bool = false) -> ReducerHarness {
    let h = ReducerHarness(ShellState(items: [episode(1), episode(3), episode(2)], settings: settings))
    if remembering { h.apply(.libraryLoaded([:])) }
    h.apply(.playIndex(0, at: h.clock.now))
    h.apply(.player(.duration(180), token: 1, at: h.clock.now))
    h.apply(.player(.seekable(true), token: 1, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    h.apply(.player(.position(150), token: 1, at: h.clock.now))
    return h
}

/// The first episode playing from its start (credits from 160 s, Skip
/// Credits never offered); the second, next, has artwork. The harness and
/// the items.
private func playingBeforeArtwork() -> (ReducerHarness, [MediaItem]) {
    var items = [episode(1), episode(3), episode(2)]
    items[2].artwork = "/shows/Show S01E02-thumb.jpg"
    var settings = ShellSettings()
    settings.segmentChoices[.credits] = .never
    let h = ReducerHarness(ShellState(items: items, settings: settings))
    h.apply(.playIndex(0, at: h.clock.now))
    h.apply(.player(.duration(180), token: 1, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    return (h, items)
}

@Suite("Up Next")
struct UpNextTests {
    @Test("the next episode by its number comes up at the credits with a countdown; at 0 it plays from the start")
    func countdown() {
        var settings = ShellSettings()
        settings.upNextCountdown = 3
        settings.segmentChoices[.credits] = .never
        let h = watchingEpisode(settings)
        let proposal = ContentProposal(title: "Show S01E02", item: episode(2), automaticAcceptanceInterval: 3)
        h.send(.player(.position(160.1), token: 1, at: h.clock.now), effects: [
            .cancelTimer(.contextualActionHide), .emit(.contentProposalPresented(title: "Show S01E02", id: "e2")), .startTimer(.upNextTick, after: 1),
        ]) {
            $0.playback.position = 160.1
            var card = UpNextState(proposal: proposal)
            card.phase = .presented
            $0.upNext.card = card
        }
        for left in [2, 1] {
            _ = h.advance(by: 1)
            h.send(.timerFired(.upNextTick, at: h.clock.now), effects: [.startTimer(.upNextTick, after: 1)]) { $0.upNext.card?.secondsLeft = left }
        }
        _ = h.advance(by: 1)
        let effects = h.apply(.timerFired(.upNextTick, at: h.clock.now))
        #expect(effects.contains(.emit(.contentProposal(id: "e2", outcome: "accepted"))))
        #expect(effects.contains(.load(episode(2), token: 2)), "from the start")
        #expect(h.state.current == 2 && h.state.upNext.card == nil)
        h.expectArmed([.transportHide, .hintHide, .stall])
    }

    @Test("an album's songs (sound, a cover at most) play on one after another without ever asking \"Still watching?\"; a music video among them counts")
    func songsPlayOn() {
        var settings = ShellSettings()
        settings.upNextCountdown = 1
        settings.stillWatchingAfter = 2
        let song = { (n: Int) in MediaItem(id: "s\(n)", title: "Song \(n)", url: "/music/\(n).mp3") }
        let clip = MediaItem(id: "clip", title: "Clip", url: "/music/3b.mp4")
        let h = ReducerHarness(ShellState(items: [song(1), song(2), song(3), clip, song(4), song(5)], settings: settings))
        h.apply(.display(DisplaySize(columns: 100, rows: 30)))
        h.apply(.playIndex(0, at: h.clock.now))
        let sound = Track(id: 1, kind: .audio, selected: true)
        let cover = Track(id: 1, kind: .video, selected: true, albumArt: true)
        func playsOn(_ tracks: [Track]) {
            let token = h.state.playback.token
            for report in [PlayerReport.tracks(tracks), .duration(180), .seekable(true), .playing, .position(170)] { h.apply(.player(report, token: token, at: h.clock.now)) }
            #expect(h.state.upNext.card?.stillWatching == false && h.state.upNext.card?.automatic == true, "at \(h.state.current ?? -1)")
            _ = h.advance(by: 1)
            h.apply(.timerFired(.upNextTick, at: h.clock.now))
        }
        playsOn([sound, cover])
        playsOn([sound])
        playsOn([sound, cover])
        #expect(h.state.current == 3 && h.state.upNext.playedOnByItself == 0, "three songs played on, none counted: \(h.state.upNext.playedOnByItself)")
        playsOn([sound, Track(id: 1, kind: .video, selected: true)])
        #expect(h.state.current == 4 && h.state.upNext.playedOnByItself == 1, "the music video's moving pictures count")
        playsOn([sound])
        #expect(h.state.current == 5 && h.state.upNext.playedOnByItself == 1)
        h.expectArmed([.hintHide, .transportHide, .stall])
    }

    @Test("after two episodes the countdown played with no key pressed, the third's card asks \"Still watching?\" with no countdown and waits, the episode ending paused under it; a key in between starts the count again")
    func stillWatching() {
        var settings = ShellSettings()
        settings.upNextCountdown = 1
        settings.stillWatchingAfter = 2
        settings.segmentChoices[.credits] = .never
        settings.screensaverDelay = 600
        let h = ReducerHarness(ShellState(items: (1...6).map { episode($0) }, settings: settings))
        h.apply(.display(DisplaySize(columns: 100, rows: 30)))
        h.apply(.playIndex(0, at: h.clock.now))
        /// The episode loaded now plays on to its credits: the effects of reaching them.
        func toCredits() -> [Effect] {
            let token = h.state.playback.token
            for report in [PlayerReport.duration(180), .seekable(true), .playing, .position(150)] { h.apply(.player(report, token: token, at: h.clock.now)) }
            return h.apply(.player(.position(161), token: token, at: h.clock.now))
        }
        func countdownEnds() {
            _ = h.advance(by: 1)
            h.apply(.timerFired(.upNextTick, at: h.clock.now))
        }
        #expect(toCredits().contains(.startTimer(.upNextTick, after: 1)))
        countdownEnds()
        #expect(h.state.current == 1 && h.state.upNext.playedOnByItself == 1)
        #expect(toCredits().contains(.startTimer(.upNextTick, after: 1)) && h.state.upNext.card?.stillWatching == false)
        countdownEnds()
        #expect(h.state.current == 2 && h.state.upNext.playedOnByItself == 2)

        let asked = toCredits()
        #expect(asked == [.cancelTimer(.contextualActionHide), .emit(.contentProposalPresented(title: "Show S01E04", id: "e4"))], "no countdown")
        #expect(h.state.upNext.card?.stillWatching == true && h.state.upNext.card?.automatic == false)
        let ended = h.apply(.player(.ended, token: h.state.playback.token, at: h.clock.now))
        #expect(ended == [.emit(.endFile(url: episode(3).url))] && h.state.playback.paused && h.state.current == 2, "paused at its end, nothing loaded")
        #expect(h.state.upNext.card?.phase == .presented)
        #expect(UpNextView.heading(h.state) == "Still watching? Up Next")
        // Nobody answers: the screen saver covers the still screen (and the
        // idle sleep may put the TV to standby); a key takes it down alone.
        _ = h.advance(by: 600)
        h.apply(.timerFired(.screensaver, at: h.clock.now))
        #expect(h.state.screensaver.showing)
        h.apply(.command(.select, at: h.clock.now))
        #expect(!h.state.screensaver.showing && h.state.current == 2 && h.state.upNext.card?.stillWatching == true)
        h.apply(.command(.select, at: h.clock.now))
        #expect(h.state.current == 3 && h.state.upNext.playedOnByItself == 0, "Play Now: someone is watching")

        #expect(toCredits().contains(.startTimer(.upNextTick, after: 1)))
        countdownEnds()
        #expect(h.state.upNext.playedOnByItself == 1)
        h.apply(.command(.volumeUp, at: h.clock.now))
        #expect(h.state.upNext.playedOnByItself == 0, "any key")
        #expect(toCredits().contains(.startTimer(.upNextTick, after: 1)))
        countdownEnds()
        #expect(h.state.upNext.playedOnByItself == 1)
        h.apply(.nowPlaying(.pause, at: h.clock.now))
        #expect(h.state.upNext.playedOnByItself == 0, "a phone's Now Playing controls")
        h.expectArmed(h.armedTimers)
    }

    @Test("\"Still watching?\" never asks with still_watching = 0, nor in a kiosk")
    func stillWatchingOff() {
        for (count, kiosk) in [(0, false), (1, true)] {
            var settings = ShellSettings()
            settings.stillWatchingAfter = count
            var state = ShellState(items: [episode(1), episode(2)], kiosk: kiosk, settings: settings)
            state.upNext.playedOnByItself = 5
            let h = ReducerHarness(state)
            h.apply(.playIndex(0, at: h.clock.now))
            for report in [PlayerReport.duration(180), .seekable(true), .playing, .position(161)] { h.apply(.player(report, token: 1, at: h.clock.now)) }
            #expect(h.state.upNext.card?.stillWatching == false && h.state.upNext.card?.automatic == true, "\(count), kiosk \(kiosk)")
            h.expectArmed(h.armedTimers)
        }
    }

    @Test("left for the next episode from the card at its credits (under 95 %), an episode is saved as watched, not offered to continue; so is one left at its credits with no card")
    func watchedAtTheCredits() {
        let h = watchingEpisode(remembering: true)
        #expect(h.apply(.player(.position(161), token: 1, at: h.clock.now)).contains(.emit(.contentProposalPresented(title: "Show S01E02", id: "e2"))))
        let played = h.apply(.command(.select, at: h.clock.now))
        #expect(played.contains(.savePosition(episode(1), position: 161, duration: 180, watched: true)), "\(played)")
        #expect(!played.contains(.savePosition(episode(1), position: 161, duration: 180, watched: false)))
        #expect(h.state.current == 2 && h.state.upNext.card == nil)
        #expect(ContinueWatching.items(h.state).isEmpty)
        h.expectArmed([.transportHide, .hintHide, .stall])

        // No card (Up Next off): ESC at the credits.
        var settings = ShellSettings()
        settings.upNextEnabled = false
        settings.pictureAutomatic = false
        let g = watchingEpisode(settings, remembering: true)
        #expect(g.apply(.player(.position(156), token: 1, at: g.clock.now)) == [.savePosition(episode(1), position: 156, duration: 180, watched: false)])
        g.apply(.player(.position(163), token: 1, at: g.clock.now))
        #expect(g.apply(.command(.menu, at: g.clock.now)).contains(.savePosition(episode(1), position: 163, duration: 180, watched: true)))
        #expect(ContinueWatching.items(g.state).isEmpty)
        g.expectArmed([.hintHide, .contextualActionHide, .stall])
    }

    @Test("Cancel lets the episode finish and goes home; LEFT puts the card away until the end, where it comes back")
    func rejectAndDefer() {
        let h = watchingEpisode()
        h.apply(.player(.position(161), token: 1, at: h.clock.now))
        #expect(h.state.upNext.card?.phase == .presented)
        h.press(.down) { $0.upNext.card?.focus = 1 }
        h.press(.select, effects: [.cancelTimer(.upNextTick), .emit(.contentProposal(id: "e2", outcome: "rejected"))]) { $0.upNext.card?.phase = .rejected }
        let end = h.apply(.player(.ended, token: 1, at: h.clock.now))
        #expect(end.contains(.stop) && h.state.screen == .home)

        let d = watchingEpisode()
        d.apply(.player(.position(161), token: 1, at: d.clock.now))
        let deferred = d.apply(.command(.left, at: d.clock.now))
        #expect(deferred.prefix(2) == [.cancelTimer(.upNextTick), .emit(.contentProposal(id: "e2", outcome: "deferred"))])
        #expect(deferred.contains(.seekBy(-10)), "LEFT still skips")
        #expect(d.state.upNext.card?.phase == .deferred)
        let atEnd = d.apply(.player(.ended, token: 1, at: d.clock.now))
        #expect(atEnd.contains(.emit(.contentProposalPresented(title: "Show S01E02", id: "e2"))) && d.state.upNext.card?.phase == .presented)
        h.expectArmed([.hintHide, .stall])
        d.expectArmed([.hintHide, .transportHide, .upNextTick, .badgeHide, .stall])
    }

    @Test("the card comes up at the credits' start (over Skip Credits); the program's own proposal wins over the guess")
    func creditsAndProgram() {
        let h = watchingEpisode()
        h.apply(.player(.position(160.1), token: 1, at: h.clock.now))
        #expect(h.state.upNext.card?.phase == .presented, "the credits' start is the proposal time")
        let p = watchingEpisode()
        let film = MediaItem(id: "bonus", title: "Behind the Scenes", url: "/shows/bonus.mkv")
        p.apply(.contentProposalProvided(ContentProposal(title: "Behind the Scenes", item: film, proposalTime: 155), token: 1))
        p.apply(.player(.position(155.5), token: 1, at: p.clock.now))
        #expect(p.state.upNext.card?.proposal.item == film)
        h.expectArmed([.hintHide, .transportHide, .upNextTick, .stall])
        p.expectArmed([.hintHide, .transportHide, .upNextTick, .stall])
    }

    @Test("the card's image: the next item's artwork shown as a still by the preview player while the card is up, stopped with the card")
    func image() {
        let (h, items) = playingBeforeArtwork()
        let proposal = ContentProposal(title: "Show S01E02", item: items[2], automaticAcceptanceInterval: 10, previewImage: "/shows/Show S01E02-thumb.jpg")
        h.send(.player(.position(160.1), token: 1, at: h.clock.now), effects: [
            .cancelTimer(.contextualActionHide), .emit(.contentProposalPresented(title: "Show S01E02", id: "e2")), .startTimer(.upNextTick, after: 1),
            .slot(.preview, .mute(true)), .slot(.preview, .loadStill(url: "/shows/Show S01E02-thumb.jpg", token: 2)),
        ]) {
            $0.playback.position = 160.1
            var card = UpNextState(proposal: proposal)
            card.phase = .presented
            $0.upNext.card = card
            var image = PlaybackState()
            image.token = 2
            image.phase = .loading
            $0.upNext.proposalImage = image
        }
        #expect(h.state.slot(forToken: 2) == .preview)
        h.send(.player(.preloaded(ratings: []), token: 2, at: h.clock.now), effects: [.slot(.preview, .continueLoad(token: 2))])
        h.send(.frame(.rendered, token: 2, at: h.clock.now)) {
            $0.upNext.proposalImage?.framesRendered = 1
            $0.upNext.proposalImage?.firstFramePresented = true
        }
        h.send(.player(.position(161), token: 1, at: h.clock.now)) { $0.playback.position = 161 }
        let left = h.apply(.command(.left, at: h.clock.now))
        #expect(left.suffix(1) == [.slot(.preview, .stop)], "put away with the card")
        #expect(h.state.upNext.proposalImage == nil && h.state.slot(forToken: 2) == nil)
        #expect(h.state.newToken() == 3, "its token is never handed out again")
        h.expectArmed([.hintHide, .transportHide, .badgeHide, .stall])

        let (p, _) = playingBeforeArtwork()
        p.apply(.player(.position(160.1), token: 1, at: p.clock.now))
        #expect(p.state.upNext.proposalImage?.token == 2)
        let away = p.apply(.command(.pictureInPicture, at: p.clock.now))
        #expect(p.state.screen != .player, "the picture took the screen")
        #expect(away.contains(.slot(.preview, .stop)) && p.state.upNext.proposalImage == nil, "the still goes with the player screen: \(away)")
        p.expectArmed([.upNextTick])
    }

    @Test("the card's image has its place on the TV's 60 × 18 grid as in a wide terminal: 16 × 4 cells at the card's left, its text beside")
    func imagePlaceOnTheTV() {
        let (h, _) = playingBeforeArtwork()
        h.apply(.player(.position(160.1), token: 1, at: h.clock.now))
        h.apply(.player(.preloaded(ratings: []), token: 2, at: h.clock.now))
        func place(_ width: Int, _ height: Int) -> (VideoWindow?, String) {
            let screen = ShellView.render(h.state, theme: .dark, width: width, height: height, context: ViewContext(picture: .terminal))
            return (screen.windows.first { $0.inset == .preview }, screen.text())
        }
        #expect(place(60, 18).0 == nil, "no place before the still is shown")
        h.apply(.player(.playing, token: 2, at: h.clock.now))
        for (width, height, x) in [(60, 18, 4), (120, 36, 62)] {
            let (window, text) = place(width, height)
            #expect(window.map { $0.x == x && $0.width == 16 && $0.height == 4 } == true, "\(width) × \(height): \(String(describing: window))\n\(text)")
            #expect(text.contains("Up Next") && text.contains("Show S01E02") && text.contains("Play Now"), "\(text)")
        }
        #expect(place(55, 18).0 == nil, "too narrow for the image beside 34 cells of text")
        h.expectArmed([.hintHide, .transportHide, .upNextTick, .stall])
    }

    @Test("on an output with no second picture (an embedding program turned them off) the card comes up without its image: no other player is opened")
    func noImageWithoutSecondPicture() {
        var items = [episode(1), episode(3), episode(2)]
        items[2].artwork = "/shows/Show S01E02-thumb.jpg"
        var settings = ShellSettings()
        settings.segmentChoices[.credits] = .never
        settings.secondPictures = false
        let h = ReducerHarness(ShellState(items: items, settings: settings))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.duration(180), token: 1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        let presented = h.apply(.player(.position(160.1), token: 1, at: h.clock.now))
        #expect(h.state.upNext.card?.phase == .presented)
        #expect(h.state.upNext.proposalImage == nil && !presented.contains { if case .slot(.preview, _) = $0 { true } else { false } }, "\(presented)")
        h.expectArmed([.hintHide, .transportHide, .upNextTick, .stall])
    }

    @Test("no image of a next item the restrictions stop: nothing of it is decoded before its passcode")
    func noRestrictedImage() {
        let tvMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
        var items = [episode(1), episode(2)]
        items[1].contentRating = tvMA
        items[1].artwork = "/shows/next.jpg"
        let policy = RestrictionPolicy(mode: .passcode, tv: .upTo(ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)), hasPasscode: true)
        let h = ReducerHarness(ShellState(items: items, restrictions: RestrictionsState(policy: policy)))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.duration(180), token: 1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        let effects = h.apply(.player(.position(160.1), token: 1, at: h.clock.now))
        #expect(h.state.upNext.card?.phase == .presented)
        #expect(!effects.contains { if case .slot(.preview, _) = $0 { true } else { false } }, "\(effects)")
        #expect(h.state.upNext.proposalImage == nil)
        h.expectArmed([.hintHide, .transportHide, .upNextTick, .stall])
    }

    @Test("the next item: the episode numbers first, then the group or folder; none for live or a different folder")
    func nextItem() {
        #expect(NextItem.after(0, in: [episode(1), episode(3), episode(2)]) == 2)
        #expect(NextItem.after(0, in: [MediaItem(title: "A", url: "/a/1.mkv"), MediaItem(title: "B", url: "/a/2.mkv")]) == 1)
        #expect(NextItem.after(0, in: [MediaItem(title: "A", url: "/a/1.mkv"), MediaItem(title: "B", url: "/b/2.mkv")]) == nil)
        #expect(NextItem.after(0, in: [MediaItem(title: "A", url: "av://lavfi:a", isLive: true), MediaItem(title: "B", url: "/b/2.mkv")]) == nil)
    }

    @Test("numbers longer than any season in a title or file name are no episode numbers (20 digits overflowed a whole number and ended the process)")
    func longNumbers() {
        let long = [MediaItem(title: "Show S99999999999999999999E01", url: "/a/x1.mkv"), MediaItem(title: "Show S99999999999999999999E02", url: "/b/x2.mkv"),
                    MediaItem(title: "Other S01E99999999999999999999", url: "/c/y.mkv")]
        #expect(NextItem.after(0, in: long) == nil)
        #expect(NextItem.after(2, in: long) == nil)
        #expect(NextItem.after(0, in: [MediaItem(title: "Show S0001E0009", url: "/a/1.mkv"), MediaItem(title: "Show S1E10", url: "/b/2.mkv")]) == 1,
                "leading zeros are still numbers")
    }
}
