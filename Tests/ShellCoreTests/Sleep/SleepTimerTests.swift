import MediaModel
import ShellCore
import ShellTesting
import Testing

private let wall = 1_800_000_000.0
private let tvMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
private let tvPG = ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)
/// A channel rated TV-MA, over the limits of `policy`.
private let late = MediaItem(id: "late", title: "Late Night", url: "av://lavfi:late", isLive: true, number: 1, rating: "TV-MA", contentRating: tvMA)
/// TV up to TV-PG, the passcode set.
private let policy = RestrictionPolicy(mode: .passcode, movies: .allowAll, tv: .upTo(tvPG), hasPasscode: true)

/// Plays `items[index]`, restricted, through its prompt: the right code given.
private func unlock(_ h: ReducerHarness, index: Int = 0) {
    h.apply(.playIndex(index, at: h.clock.now))
    for digit in [1, 2, 3, 4] { h.apply(.command(.digit(digit), at: h.clock.now)) }
    h.apply(.passcodeChecked(attempt: h.state.prompt?.checking ?? -1, correct: true, wallClock: wall, at: h.clock.now))
}

/// Whether a key goes to the sleep timer in `state` (through the reducer).
private enum SleepReducerProbe {
    static func keyTaken(_ state: inout ShellState) -> Bool {
        let before = state.sleep
        _ = ShellReducer.reduce(&state, .command(.digit(1), at: Instant(seconds: 0)))
        return state.sleep != before
    }
}

@Suite("The sleep timer")
struct SleepTimerTests {
    @Test("90 s: the warning at 30 s, counting the seconds down; asleep at 90 s (playback stopped, the screen dark); a key wakes it to the home screen")
    func afterSeconds() {
        let h = playingFilm()
        h.send(.sleep(.after(90), at: h.clock.now), effects: [
            .startTimer(.sleepNow, after: 90), .startTimer(.sleepWarning, after: 30), .startTimer(.badgeHide, after: 1.5),
        ]) {
            $0.sleep.choice = .after(90)
            $0.sleep.endsAt = h.clock.now + 90
            $0.chrome.badge = "Sleep: 90 s"
        }
        #expect(h.advance(by: 30).contains(.sleepWarning))
        h.send(.timerFired(.sleepWarning, at: h.clock.now), effects: [.startTimer(.noticeHide, after: 61), .startTimer(.sleepWarning, after: 1)]) {
            $0.sleep.warned = true
            $0.chrome.notice = "Sleeping in 1:00 · any key to stay awake"
        }
        #expect(h.advance(by: 1) == [.sleepWarning])
        h.send(.timerFired(.sleepWarning, at: h.clock.now), effects: [.startTimer(.sleepWarning, after: 1)]) {
            $0.chrome.notice = "Sleeping in 0:59 · any key to stay awake"
        }
        for _ in 0..<14 {
            #expect(h.advance(by: 1) == [.sleepWarning])
            h.apply(.timerFired(.sleepWarning, at: h.clock.now))
        }
        #expect(h.state.chrome.notice == "Sleeping in 0:45 · any key to stay awake")
        #expect(h.advance(by: 45).contains(.sleepNow))
        let effects = h.apply(.timerFired(.sleepNow, at: h.clock.now))
        #expect(effects.contains(.stop) && effects.contains(.cancelTimer(.noticeHide)) && effects.contains(.televisionStandby))
        #expect(h.state.sleep.asleep && h.state.sleep.choice == nil && h.state.screen == .home && h.state.chrome.notice == nil)
        let dark = ShellView.render(h.state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal))
        #expect(dark.text().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "nothing drawn while asleep")
        h.send(.command(.down, at: h.clock.now)) { $0.sleep.asleep = false }
        #expect(h.state.screen == .home && h.state.navigation.homeSelection == 0, "the waking key does nothing else")
        h.expectArmed([.hintHide, .badgeHide, .stall])
    }

    @Test("a key during the warning keeps the shell awake and does nothing else")
    func keyKeepsAwake() {
        let h = playingFilm()
        h.apply(.sleep(.after(45), at: h.clock.now))
        #expect(h.state.sleep.warned, "under a minute: the warning at once")
        #expect(h.state.chrome.notice == "Sleeping in 0:45 · any key to stay awake", "the time left, not a minute")
        #expect(h.runningTimers[.sleepWarning] == h.clock.now + 1, "shown again at 0:44")
        h.send(.command(.right, at: h.clock.now), effects: [.cancelTimer(.sleepWarning), .cancelTimer(.sleepNow), .startTimer(.noticeHide, after: 2.5)]) {
            $0.sleep.choice = nil
            $0.sleep.endsAt = nil
            $0.sleep.warned = false
            $0.chrome.notice = "Staying awake: sleep timer off"
        }
        #expect(h.state.playback.position == 100, "RIGHT did not skip")
        h.expectArmed([.badgeHide, .hintHide, .noticeHide, .transportHide, .stall])
    }

    @Test("under the passcode prompt a digit is the code's, not the sleep timer's")
    func promptKeepsDigits() {
        let h = playingFilm()
        h.apply(.sleep(.after(30), at: h.clock.now))
        var state = h.state
        state.navigation.destination = .passcode(PasscodePrompt(purpose: .quitKiosk(returnTo: .player), item: film, ratings: []))
        #expect(SleepReducerProbe.keyTaken(&state) == false)
        #expect(state.sleep.choice == .after(30), "still set")
        h.expectArmed([.sleepNow, .sleepWarning, .noticeHide, .badgeHide, .hintHide, .transportHide, .stall])
    }

    @Test("end of the programme on a live channel: the guide's stop; none known: refused with why; null turns it off")
    func programme() {
        let news = MediaItem(id: "news", title: "News", url: "av://lavfi:news", isLive: true, number: 1, guideID: "news")
        let guide = ProgrammeGuide(channels: [], programmes: [Programme(channel: "news", start: wall - 600, stop: wall + 1200, title: "Late News")])
        let h = ReducerHarness(ShellState(items: [news], guide: guide))
        h.apply(.wallClock(wall, at: h.clock.now))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        let effects = h.apply(.sleep(.programme, at: h.clock.now))
        #expect(effects.contains(.startTimer(.sleepNow, after: 1200)) && effects.contains(.startTimer(.sleepWarning, after: 1140)))
        #expect(h.state.sleep.until == wall + 1200)
        _ = h.advance(by: 30)
        #expect(h.apply(.wallClock(wall + 45, at: h.clock.now)) == [.startTimer(.sleepNow, after: 1155), .startTimer(.sleepWarning, after: 1095)],
                "the tick sets it again by the wall clock (the monotonic clock had moved 30 s, the wall clock 45 s)")
        h.apply(.sleep(nil, at: h.clock.now))
        #expect(h.state.sleep.choice == nil && h.state.chrome.badge == "Sleep timer off")
        let plain = ReducerHarness(ShellState(items: [news]))
        plain.apply(.playIndex(0, at: plain.clock.now))
        plain.apply(.sleep(.programme, at: plain.clock.now))
        #expect(plain.state.sleep.choice == nil && plain.state.chrome.badge == "No programme end known on this channel")
        h.expectArmed([.badgeHide, .hintHide, .transportHide])
        plain.expectArmed([.badgeHide, .transportHide])
    }

    @Test("end of the programme behind live: the one on screen, at its end on screen; paused meanwhile, the timer waits for the picture to get there")
    func programmeBehindLive() {
        let news = MediaItem(id: "news", title: "News", url: "http://tv.example/news.m3u8", isLive: true, number: 1, guideID: "news")
        let guide = ProgrammeGuide(channels: [], programmes: [
            Programme(channel: "news", start: wall - 1800, stop: wall + 300, title: "Late News"),
            Programme(channel: "news", start: wall + 300, stop: wall + 3600, title: "Night Film"),
        ])
        let h = ReducerHarness(ShellState(items: [news], guide: guide))
        h.apply(.wallClock(wall, at: h.clock.now))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.player(.position(1200), token: 1, at: h.clock.now))
        h.apply(.player(.liveBuffer(start: 0, end: 1201.5), token: 1, at: h.clock.now))
        // Paused 600 s: Night Film airs, Late News is on screen, 300 s before its end.
        h.pauseLive(for: 600, bufferEnd: 1201.5, wallClock: wall)
        h.apply(.command(.playPause, at: h.clock.now))
        #expect(abs(h.state.shownTime - wall) < 1, "\(h.state.shownTime - wall)")
        let effects = h.apply(.sleep(.programme, at: h.clock.now))
        #expect(h.state.sleep.until == wall + 300, "Late News's end, not Night Film's")
        #expect(effects.contains { if case .startTimer(.sleepNow, let after) = $0 { abs(after - 300) < 1 } else { false } }, "\(effects)")

        // 200 s on, paused 100 s: at the timer the picture is 100 s short of the end.
        _ = h.advance(by: 200)
        h.apply(.player(.position(1400), token: 1, at: h.clock.now))
        h.apply(.command(.playPause, at: h.clock.now))
        _ = h.advance(by: 100)
        h.apply(.player(.liveBuffer(start: 0, end: 2101.5), token: 1, at: h.clock.now))
        h.apply(.wallClock(wall + 900, at: h.clock.now))
        let waited = h.apply(.timerFired(.sleepNow, at: h.clock.now))
        #expect(!h.state.sleep.asleep && h.state.screen == .player, "not at the end on screen yet")
        #expect(waited.contains { if case .startTimer(.sleepNow, let after) = $0 { abs(after - 100) < 1 } else { false } }, "\(waited)")
        h.apply(.command(.playPause, at: h.clock.now))
        _ = h.advance(by: 100)
        h.apply(.player(.position(1500), token: 1, at: h.clock.now))
        h.apply(.wallClock(wall + 1000, at: h.clock.now))
        h.apply(.timerFired(.sleepNow, at: h.clock.now))
        #expect(h.state.sleep.asleep && h.state.screen == .home)
        h.expectArmed(h.armedTimers)
    }

    @Test("end of the film: asleep when it ends, before Up Next")
    func endOfFilm() {
        let h = playingFilm(duration: 600, position: 500)
        let effects = h.apply(.sleep(.item, at: h.clock.now))
        #expect(effects.contains(.startTimer(.sleepNow, after: 100)))
        h.apply(.player(.ended, token: 1, at: h.clock.now))
        #expect(h.state.sleep.asleep && h.state.screen == .home && h.state.upNext.card == nil)
        h.expectArmed([.badgeHide, .hintHide, .stall])
    }

    @Test("end of the film, paused or sought since it was chosen: each timer that comes up early is set again by what is left, the warning a minute before the film's end; a countdown shown and then sought away from is taken down")
    func endOfFilmMoves() {
        let h = playingFilm(duration: 600, position: 300)
        let chosen = h.clock.now
        h.send(.sleep(.item, at: h.clock.now), effects: [
            .startTimer(.sleepNow, after: 300), .startTimer(.sleepWarning, after: 240), .startTimer(.badgeHide, after: 1.5),
        ]) {
            $0.sleep.choice = .item
            $0.sleep.endsAt = chosen + 300
            $0.chrome.badge = "Sleep: end of film"
        }
        h.apply(.command(.playPause, at: h.clock.now))
        // Paused four minutes: the film still has 300 s left.
        #expect(h.advance(by: 240).contains(.sleepWarning))
        h.send(.timerFired(.sleepWarning, at: h.clock.now), effects: [.startTimer(.sleepNow, after: 300), .startTimer(.sleepWarning, after: 240)]) {
            $0.sleep.endsAt = h.clock.now + 300
        }
        h.apply(.command(.playPause, at: h.clock.now))
        #expect(h.advance(by: 240).contains(.sleepWarning))
        h.apply(.player(.position(540), token: 1, at: h.clock.now))
        h.send(.timerFired(.sleepWarning, at: h.clock.now), effects: [.startTimer(.noticeHide, after: 61), .startTimer(.sleepWarning, after: 1)]) {
            $0.sleep.warned = true
            $0.chrome.notice = "Sleeping in 1:00 · any key to stay awake"
        }
        // Sought back two minutes in the countdown: it goes, the warning comes again a minute before the end.
        #expect(h.advance(by: 1) == [.sleepWarning])
        h.apply(.player(.position(421), token: 1, at: h.clock.now))
        h.send(.timerFired(.sleepWarning, at: h.clock.now), effects: [
            .startTimer(.sleepNow, after: 179), .startTimer(.sleepWarning, after: 119), .cancelTimer(.noticeHide),
        ]) {
            $0.sleep.endsAt = h.clock.now + 179
            $0.sleep.warned = false
            $0.chrome.notice = nil
        }
        // Sped up to 2× with 20 s of the film left: 10 s to go, the countdown at once.
        #expect(h.advance(by: 79).allSatisfy { $0 != .sleepWarning && $0 != .sleepNow })
        h.apply(.player(.speed(2), token: 1, at: h.clock.now))
        #expect(h.advance(by: 40).contains(.sleepWarning))
        h.apply(.player(.position(580), token: 1, at: h.clock.now))
        h.send(.timerFired(.sleepWarning, at: h.clock.now), effects: [
            .startTimer(.sleepNow, after: 10), .startTimer(.noticeHide, after: 11), .startTimer(.sleepWarning, after: 1),
        ]) {
            $0.sleep.endsAt = h.clock.now + 10
            $0.sleep.warned = true
            $0.chrome.notice = "Sleeping in 0:10 · any key to stay awake"
        }
        #expect(!h.state.sleep.asleep)
        h.expectArmed([.badgeHide, .hintHide, .noticeHide, .sleepNow, .sleepWarning, .transportHide, .upNextTick, .stall])
    }

    @Test("the overlay's item goes through 15, 30, 60, 90 minutes, the film's end and off; not in a kiosk")
    func overlayItem() {
        let h = playingFilm()
        var seen: [String] = []
        for _ in 0..<7 {
            let item = OverlayModel.sleepItem(h.state)[0]
            seen.append(item.title)
            guard case .sleep(let next) = item.activation else { return }
            h.apply(.sleep(next, at: h.clock.now))
        }
        #expect(seen == ["Sleep: Off", "Sleep: 15 min", "Sleep: 30 min", "Sleep: 60 min", "Sleep: 90 min", "Sleep: end of film", "Sleep: Off"])
        var kiosk = h.state
        kiosk.kiosk = true
        #expect(OverlayModel.sleepItem(kiosk).isEmpty)
        h.expectArmed([.badgeHide, .hintHide, .sleepNow, .sleepWarning, .transportHide, .stall])
    }

    @Test("a kiosk's daily time: the countdown starts within 90 s of it, once a day; a key does not stop it; the next key wakes the start item")
    func daily() {
        var settings = ShellSettings()
        settings.sleepDaily = 20 * 60
        let channel = MediaItem(id: "c1", title: "C1", url: "av://lavfi:c1", isLive: true, number: 1)
        let h = ReducerHarness(ShellState(items: [channel], kiosk: true, settings: settings))
        let eightPM = (wall / 86400).rounded(.down) * 86400 + 20 * 3600
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.wallClock(eightPM - 600, at: h.clock.now))
        #expect(h.state.sleep.choice == nil, "ten minutes before: nothing yet")
        let effects = h.apply(.wallClock(eightPM - 75, at: h.clock.now))
        #expect(effects.contains(.startTimer(.sleepNow, after: 75)) && h.state.sleep.choice == .daily)
        _ = h.advance(by: 15)
        h.apply(.timerFired(.sleepWarning, at: h.clock.now))
        #expect(h.state.chrome.notice == "Sleeping in 1:00")
        h.apply(.command(.select, at: h.clock.now))
        #expect(h.state.sleep.choice == .daily, "a kiosk's viewer cannot keep it awake")
        _ = h.advance(by: 60)
        h.apply(.timerFired(.sleepNow, at: h.clock.now))
        #expect(h.state.sleep.asleep)
        h.apply(.wallClock(eightPM + 10, at: h.clock.now))
        #expect(h.state.sleep.asleep && h.state.sleep.choice == nil, "not again the same evening")
        let woken = h.apply(.command(.select, at: h.clock.now))
        #expect(!h.state.sleep.asleep && woken.contains { if case .load(channel, _) = $0 { true } else { false } }, "a kiosk wakes to its start item")
        h.apply(.wallClock(eightPM + 120, at: h.clock.now))
        #expect(h.state.sleep.choice == nil, "once a day")
        h.expectArmed([.hintHide, .transportHide])
    }

    @Test("the local time's offset changing (summer time begins: UTC+1) moves the daily time with it: 20:00 local is an hour earlier in UTC")
    func dailyAcrossOffsetChange() {
        var settings = ShellSettings()
        settings.sleepDaily = 20 * 60
        let channel = MediaItem(id: "c1", title: "C1", url: "av://lavfi:c1", isLive: true, number: 1)
        let h = ReducerHarness(ShellState(items: [channel], kiosk: true, settings: settings))
        let eightPMUTC = (wall / 86400).rounded(.down) * 86400 + 20 * 3600
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        #expect(h.apply(.utcOffset(3600)).isEmpty)
        #expect(h.state.settings.utcOffset == 3600)
        let effects = h.apply(.wallClock(eightPMUTC - 3600 - 75, at: h.clock.now))
        #expect(effects.contains(.startTimer(.sleepNow, after: 75)) && h.state.sleep.choice == .daily, "19:00 UTC is 20:00 at UTC+1")
        h.expectArmed([.hintHide, .sleepNow, .sleepWarning, .transportHide])
    }

    @Test("asleep in multiview: every view stops (none plays on in the dark all night); a key wakes to the home screen")
    func multiviewSleeps() {
        let channels = (1...5).map { (n: Int) in MediaItem(id: "c\(n)", title: "Channel \(n)", url: "http://tv.example/\(n).m3u8", isLive: true, number: n) }
        var settings = ShellSettings()
        settings.warmNeighbours = 0
        let h = ReducerHarness(ShellState(items: channels, settings: settings))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.command(.multiview, at: h.clock.now))
        #expect(h.state.multiview?.views.count == 4)
        let slept = sleepNow(h)
        for view in PlayerSlot.views { #expect(slept.contains(.slot(view, .stop)), "\(view) stops: \(slept)") }
        #expect(slept.contains(.emit(.multiviewStopped(channel: nil))) && slept.contains(.televisionStandby))
        #expect(h.state.multiview == nil && h.state.sleep.asleep && h.state.screen == .home)
        h.apply(.command(.down, at: h.clock.now))
        #expect(!h.state.sleep.asleep && h.state.multiview == nil && h.state.screen == .home)
        h.expectArmed([.badgeHide])
    }

    @Test("a passcode given before the sleep covers nothing after it: the TV-MA channel unlocked in the evening asks again once the box has slept; early authorizations go too")
    func sleepEndsTheGrant() {
        var state = ShellState(items: [late, film], restrictions: RestrictionsState(policy: policy))
        state.restrictions.preAuthorized = ["film"]
        let h = ReducerHarness(state)
        h.apply(.wallClock(wall, at: h.clock.now))
        unlock(h)
        #expect(h.state.screen == .player && h.state.restrictions.grant?.itemID == "late")
        h.apply(.command(.menu, at: h.clock.now))
        h.apply(.playIndex(0, at: h.clock.now))
        #expect(h.state.screen == .player, "back to it the same evening: covered")

        sleepNow(h)
        #expect(h.state.sleep.asleep && h.state.restrictions.grant == nil && h.state.restrictions.preAuthorized.isEmpty)
        h.apply(.command(.down, at: h.clock.now))
        let morning = h.apply(.playIndex(0, at: h.clock.now))
        #expect(h.state.screen == .passcode, "asked again after the sleep")
        #expect(!morning.contains { if case .load = $0 { true } else { false } }, "nothing of it opened: \(morning)")
        h.expectArmed([.badgeHide])
    }

    @Test("asleep, a channel tuned without a key (the socket, MQTT, Now Playing) wakes the shell: its screen is no longer dark over the sound; a restricted one wakes it to the prompt")
    func playWakes() {
        let news = MediaItem(id: "news", title: "News", url: "av://lavfi:news", isLive: true, number: 2)
        var settings = ShellSettings()
        settings.warmNeighbours = 0
        let h = ReducerHarness(ShellState(items: [news, late], settings: settings, restrictions: RestrictionsState(policy: policy)))
        h.apply(.wallClock(wall, at: h.clock.now))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        sleepNow(h)
        #expect(h.state.sleep.asleep)
        h.apply(.wallClock(wall + 60, at: h.clock.now))
        #expect(h.state.sleep.asleep, "the time going on wakes nothing")

        let tuned = h.apply(.playIndex(0, at: h.clock.now))
        #expect(tuned.contains { if case .load(news, _) = $0 { true } else { false } }, "\(tuned)")
        #expect(!h.state.sleep.asleep && h.state.screen == .player)
        let dark = ShellView.render(h.state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal))
        #expect(!dark.text().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "drawn again")

        h.apply(.player(.playing, token: h.state.playback.token, at: h.clock.now))
        sleepNow(h)
        h.apply(.playIndex(1, at: h.clock.now))
        #expect(!h.state.sleep.asleep && h.state.screen == .passcode, "woken to the prompt")
        h.expectArmed([.badgeHide, .hintHide])
    }

    @Test("the TV turned off by its own remote (HDMI-CEC): the shell sleeps at once, without the warning and sending no standby back, the passcode given before covering nothing; in a kiosk too; asleep already, nothing")
    func televisionOff() {
        for kiosk in [false, true] {
            let h = ReducerHarness(ShellState(items: [late], kiosk: kiosk, restrictions: RestrictionsState(policy: policy)))
            h.apply(.wallClock(wall, at: h.clock.now))
            unlock(h)
            h.apply(.player(.playing, token: h.state.playback.token, at: h.clock.now))
            #expect(h.state.screen == .player && h.state.restrictions.grant != nil)
            let off = h.apply(.televisionOff)
            #expect(off.contains(.stop) && !off.contains(.televisionStandby), "\(off)")
            #expect(h.state.sleep.asleep && h.state.restrictions.grant == nil && h.state.chrome.notice == nil, "kiosk \(kiosk)")
            #expect(h.apply(.televisionOff).isEmpty, "asleep already")
            h.apply(.command(.down, at: h.clock.now))
            #expect(!h.state.sleep.asleep && (kiosk ? h.state.screen == .passcode : h.state.screen == .home), "a kiosk wakes to its start item, which asks again")
            h.expectArmed([.hintHide])
        }
    }

    @Test("the TV switching to the box (HDMI-CEC) wakes a sleeping shell as a key does: a kiosk plays its start item again; awake, it changes nothing")
    func televisionOn() {
        let channel = MediaItem(id: "c1", title: "C1", url: "av://lavfi:c1", isLive: true, number: 1)
        for kiosk in [false, true] {
            let h = ReducerHarness(ShellState(items: [channel], kiosk: kiosk))
            h.apply(.playIndex(0, at: h.clock.now))
            h.apply(.player(.playing, token: 1, at: h.clock.now))
            #expect(h.apply(.televisionOn(at: h.clock.now)).isEmpty, "awake: nothing")
            h.apply(.televisionOff)
            #expect(h.state.sleep.asleep)
            let woken = h.apply(.televisionOn(at: h.clock.now))
            #expect(!h.state.sleep.asleep)
            #expect(woken.contains { if case .load(channel, _) = $0 { true } else { false } } == kiosk, "kiosk \(kiosk): \(woken)")
            h.expectArmed(kiosk ? [.hintHide, .transportHide] : [.hintHide])
        }
    }
}
