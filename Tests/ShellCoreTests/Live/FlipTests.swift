import MediaModel
import ShellCore
import ShellTesting
import Testing

private let channels = (1...5).map { (n: Int) -> MediaItem in
    MediaItem(id: "ch\(n)", title: "Channel \(n)", url: "av://lavfi:ch\(n)", isLive: true, number: n)
}

/// A harness playing channel 2 (index 1), first frame shown; `more`
/// after the five channels.
private func watchingChannel2(more: [MediaItem] = [], settings: ShellSettings = ShellSettings()) -> ReducerHarness {
    let h = ReducerHarness(ShellState(items: channels + more, settings: settings))
    h.apply(.playIndex(1, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    h.apply(.player(.firstFrame, token: 1, at: h.clock.now))
    return h
}

private func started(_ n: Int) -> Effect { .emit(.flipStarted(target: ChannelRef(channels[n - 1]))) }
private func completed(_ n: Int, _ success: Bool, superseded: Bool = false) -> Effect {
    .emit(.flipCompleted(target: ChannelRef(channels[n - 1]), success: success, superseded: superseded))
}
/// A press while a flip is under way: gathered until the keys settle.
private let flipTimers: [Effect] = [
    .cancelTimer(.flipTimeout), .cancelTimer(.flipFailureShown), .cancelTimer(.errorAdvance), .cancelTimer(.transportHide),
    .startTimer(.flipSettle, after: 0.12), .startTimer(.spinner, after: 0.125),
]

/// The first press: the delegate is asked at once for `target` (a channel
/// number), from channel 2.
private func firstPress(token: Int, target: Int, direction: FlipState.Direction = .next) -> [Effect] {
    [
        .cancelTimer(.flipTimeout), .cancelTimer(.flipFailureShown), .cancelTimer(.errorAdvance), .cancelTimer(.transportHide),
        .cancelTimer(.flipSettle), .startTimer(.spinner, after: 0.125),
        .requestFlip(FlipRequest(token: token, direction: direction, target: channels[target - 1], origin: channels[1])),
        .startTimer(.flipTimeout, after: 10),
    ]
}

@Suite("Channel flipping")
struct FlipTests {
    @Test("three quick flips advance three channels, the interstitial is up at once; the first press asks at once, the others are gathered, and the last supersedes the load")
    func threeQuickFlips() {
        let h = watchingChannel2()
        h.press(.right, effects: [started(3)] + firstPress(token: 1, target: 3)) {
            $0.live.flipCounter = 1
            var flip = FlipState(token: 1, origin: 1, target: 2, direction: .next)
            flip.requested = true
            $0.live.flip = flip
            $0.navigation.destination = .interstitial
            $0.chrome.transportVisible = false
        }
        let first = h.apply(.replaceContent(channels[2], request: 1, at: h.clock.now))
        #expect(first.contains(.load(channels[2], token: 2)), "channel 3 loads at once")
        _ = h.advance(by: 0.05)
        h.press(.right, effects: [completed(3, false, superseded: true), started(4)] + flipTimers) {
            $0.live.flipCounter = 2
            $0.live.flip = FlipState(token: 2, origin: 1, target: 3, direction: .next)
        }
        _ = h.advance(by: 0.05)
        h.press(.right, effects: [completed(4, false, superseded: true), started(5)] + flipTimers) {
            $0.live.flipCounter = 3
            $0.live.flip = FlipState(token: 3, origin: 1, target: 4, direction: .next)
        }
        #expect(h.advance(by: 0.12) == [.flipSettle])
        h.send(.timerFired(.flipSettle, at: h.clock.now), effects: [
            .requestFlip(FlipRequest(token: 3, direction: .next, target: channels[4], origin: channels[1])),
            .startTimer(.flipTimeout, after: 10),
        ]) { $0.live.flip?.requested = true }
        let last = h.apply(.replaceContent(channels[4], request: 2, at: h.clock.now))
        #expect(last.filter { if case .load = $0 { true } else { false } } == [.load(channels[4], token: 3)], "channel 4 never loads; 5 replaces 3")
        #expect(last.contains(.finishContentRequest(request: 1, success: false)), "channel 3's load is answered: superseded")
        h.send(.flipCompleted(token: 1, success: false, at: h.clock.now))
        #expect(h.state.screen == .interstitial)
        h.send(.flipCompleted(token: 3, success: true, at: h.clock.now), effects: [
            .cancelTimer(.flipTimeout), .cancelTimer(.spinner), completed(5, true), .startTimer(.transportHide, after: 5),
        ]) {
            $0.live.flip = nil
            $0.navigation.destination = .player
            $0.chrome.transportVisible = true
        }
        h.expectArmed([.hintHide, .transportHide])
    }

    @Test("a superseded flip's late completion is ignored; a double completion has one effect")
    func lateAndDouble() {
        let h = watchingChannel2()
        h.apply(.command(.right, at: h.clock.now))
        h.apply(.command(.right, at: h.clock.now))
        h.send(.flipCompleted(token: 1, success: true, at: h.clock.now))
        #expect(h.state.live.flip?.token == 2 && h.state.screen == .interstitial)
        h.apply(.timerFired(.flipSettle, at: h.clock.now))
        let first = h.apply(.flipCompleted(token: 2, success: true, at: h.clock.now))
        #expect(first.contains(completed(4, true)))
        h.send(.flipCompleted(token: 2, success: true, at: h.clock.now))
        h.send(.flipCompleted(token: 2, success: false, at: h.clock.now))
        #expect(h.state.screen == .player && h.state.current == 3)
        h.expectArmed([.hintHide, .transportHide])
    }

    @Test("a completion before the delegate was asked is ignored")
    func earlyCompletion() {
        let h = watchingChannel2()
        h.apply(.command(.left, at: h.clock.now))
        h.apply(.command(.left, at: h.clock.now))
        h.send(.flipCompleted(token: 2, success: true, at: h.clock.now))
        #expect(h.state.live.flip?.target == 4 && h.state.live.flip?.requested == false)
        h.expectArmed([.flipSettle, .hintHide, .spinner])
    }

    @Test("a delegate that never answers times out: a plain sentence for 3 s (the reason kept apart), then back where the flips started, saying so")
    func timeout() {
        let h = watchingChannel2()
        let asked = h.apply(.command(.right, at: h.clock.now))
        #expect(asked.contains(.requestFlip(FlipRequest(token: 1, direction: .next, target: channels[2], origin: channels[1]))))
        #expect(h.state.live.flip?.requested == true)
        #expect(!h.advance(by: 9.9).contains(.flipTimeout))
        #expect(h.advance(by: 0.1).contains(.flipTimeout))
        h.send(.timerFired(.flipTimeout, at: h.clock.now), effects: [
            .cancelTimer(.flipTimeout), .cancelTimer(.flipSettle), completed(3, false), .startTimer(.flipFailureShown, after: 3),
        ]) {
            $0.live.flip?.failure = "Channel 3 is not available right now"
            $0.live.flip?.failureReason = "no answer within 10 s"
        }
        h.send(.flipCompleted(token: 1, success: true, at: h.clock.now))
        #expect(!h.advance(by: 2.9).contains(.flipFailureShown))
        #expect(h.advance(by: 0.1).contains(.flipFailureShown))
        h.send(.timerFired(.flipFailureShown, at: h.clock.now), effects: [
            .cancelTimer(.spinner), .cancelTimer(.flipTimeout), .cancelTimer(.flipSettle), .cancelTimer(.flipFailureShown),
            .startTimer(.noticeHide, after: 5), .startTimer(.transportHide, after: 5),
        ]) {
            $0.live.flip = nil
            $0.navigation.destination = .player
            $0.chrome.transportVisible = true
            $0.chrome.notice = "Channel 3 is not available right now: back to 2 Channel 2"
        }
        #expect(h.state.current == 1)
        h.expectArmed([.hintHide, .noticeHide, .transportHide])
    }

    @Test("a failed load returns to the previous channel, which is loaded again")
    func failureReturns() {
        let h = watchingChannel2()
        h.apply(.command(.right, at: h.clock.now))
        h.apply(.replaceContent(channels[2], request: nil, at: h.clock.now))
        #expect(h.state.current == 2 && h.state.playback.token == 2)
        let failed = h.apply(.player(.failed(reason: "loading failed"), token: 2, at: h.clock.now))
        #expect(h.state.screen == .interstitial, "a failed flip does not show the error screen")
        #expect(!failed.contains(.startTimer(.errorAdvance, after: 4)))
        let done = h.apply(.flipCompleted(token: 1, success: false, at: h.clock.now))
        #expect(done.contains(completed(3, false)))
        #expect(h.state.live.flip?.failure == "Channel 3 is not available right now" && h.state.live.flip?.failureReason == "loading failed")
        // The player's detail goes to the reason (IPC's flip_failure_reason);
        // the card says it in plain words, never in the player's.
        h.send(.player(.failureDetail("tcp: Connection to tcp://10.1.1.1:80 failed: Connection refused"), token: 2, at: h.clock.now)) {
            $0.live.flip?.failureReason = "loading failed: tcp: Connection to tcp://10.1.1.1:80 failed: Connection refused"
            $0.playback.failure?.reason = "loading failed: tcp: Connection to tcp://10.1.1.1:80 failed: Connection refused"
        }
        let card = ShellView.render(h.state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(card.contains("Channel 3 is not available right now") && card.contains("Its server refused the connection.") && !card.contains("tcp"), "\(card)")
        // A key ends the message at once.
        let back = h.apply(.command(.select, at: h.clock.now))
        #expect(back.contains(.load(channels[1], token: 3)))
        #expect(h.state.current == 1 && h.state.screen == .player && h.state.live.flip == nil)
        #expect(h.state.chrome.notice == "Channel 3 is not available right now: back to 2 Channel 2")
        h.expectArmed([.hintHide, .noticeHide, .transportHide])
    }

    @Test("flips wrap around the lineup; ESC gives up and returns")
    func wrapAndCancel() {
        let h = watchingChannel2()
        h.apply(.command(.left, at: h.clock.now))
        h.apply(.command(.left, at: h.clock.now))
        #expect(h.state.live.flip?.target == 4, "2 → 1 → 5")
        let effects = h.apply(.command(.menu, at: h.clock.now))
        #expect(effects.contains(completed(5, false, superseded: true)))
        #expect(h.state.live.flip == nil && h.state.screen == .player && h.state.current == 1)
        h.expectArmed([.hintHide, .transportHide])
    }

    @Test("typed digits tune two seconds after the last one; ENTER tunes at once; ESC aborts; unknown numbers say so")
    func numberEntry() {
        let h = watchingChannel2()
        h.press(.digit(4), effects: [.startTimer(.digitCommit, after: 2)]) { $0.live.channelEntry = ChannelEntry(digits: "4") }
        #expect(h.advance(by: 1.9) == [])
        #expect(h.advance(by: 0.1) == [.digitCommit])
        let committed = h.apply(.timerFired(.digitCommit, at: h.clock.now))
        #expect(committed.contains(.load(channels[3], token: 2)))
        #expect(h.state.current == 3 && h.state.live.channelEntry == nil)

        h.press(.digit(1), effects: [.startTimer(.digitCommit, after: 2)]) { $0.live.channelEntry = ChannelEntry(digits: "1") }
        h.press(.digit(2), effects: [.startTimer(.digitCommit, after: 2)]) { $0.live.channelEntry = ChannelEntry(digits: "12") }
        h.press(.select, effects: [.cancelTimer(.digitCommit), .startTimer(.noticeHide, after: 2.5)]) {
            $0.live.channelEntry = nil
            $0.chrome.notice = "No channel 12"
        }
        #expect(h.advance(by: 2.5).contains(.noticeHide))
        h.send(.timerFired(.noticeHide, at: h.clock.now)) { $0.chrome.notice = nil }

        h.press(.digit(5), effects: [.startTimer(.digitCommit, after: 2)]) { $0.live.channelEntry = ChannelEntry(digits: "5") }
        h.press(.menu, effects: [.cancelTimer(.digitCommit)]) { $0.live.channelEntry = nil }
        #expect(h.state.current == 3 && h.state.screen == .player)
        h.expectArmed([.hintHide, .posterDelay, .transportHide])
    }

    @Test("[channels] instant_digits: digits no further digit can make into another number are tuned at once; others wait 2 s; a leading zero waits; ENTER, ESC")
    func instantNumberEntry() {
        let forties = [40, 45].map { (n: Int) in MediaItem(id: "ch\(n)", title: "Channel \(n)", url: "av://lavfi:ch\(n)", isLive: true, number: n) }
        var settings = ShellSettings()
        settings.instantDigits = true
        let h = watchingChannel2(more: forties, settings: settings)
        h.press(.digit(4), effects: [.startTimer(.digitCommit, after: 2)]) { $0.live.channelEntry = ChannelEntry(digits: "4") }
        #expect(h.advance(by: 1.9) == [])
        #expect(h.advance(by: 0.1) == [.digitCommit])
        let committed = h.apply(.timerFired(.digitCommit, at: h.clock.now))
        #expect(committed.contains(.load(channels[3], token: 2)))
        #expect(h.state.current == 3 && h.state.live.channelEntry == nil)

        h.press(.digit(4), effects: [.startTimer(.digitCommit, after: 2)]) { $0.live.channelEntry = ChannelEntry(digits: "4") }
        let fortyFive = h.apply(.command(.digit(5), at: h.clock.now))
        #expect(fortyFive.first == .cancelTimer(.digitCommit) && fortyFive.contains(.load(forties[1], token: 3)), "45 can become no other number: \(fortyFive)")
        #expect(h.state.current == 6 && h.state.live.channelEntry == nil)

        let one = h.apply(.command(.digit(1), at: h.clock.now))
        #expect(one.contains(.load(channels[0], token: 4)), "no channel 10–19: 1 is tuned at once")
        #expect(h.state.current == 0 && h.state.live.channelEntry == nil)

        h.press(.digit(7), effects: [.cancelTimer(.digitCommit), .startTimer(.noticeHide, after: 2.5)]) {
            $0.chrome.notice = "No channel 7"
        }
        #expect(h.advance(by: 2.5).contains(.noticeHide))
        h.send(.timerFired(.noticeHide, at: h.clock.now)) { $0.chrome.notice = nil }

        h.press(.digit(0), effects: [.startTimer(.digitCommit, after: 2)]) { $0.live.channelEntry = ChannelEntry(digits: "0") }
        h.press(.digit(4), effects: [.startTimer(.digitCommit, after: 2)]) { $0.live.channelEntry = ChannelEntry(digits: "04") }
        let entered = h.apply(.command(.select, at: h.clock.now))
        #expect(entered.contains(.load(channels[3], token: 5)), "ENTER tunes 04 at once")

        h.press(.digit(4), effects: [.startTimer(.digitCommit, after: 2)]) { $0.live.channelEntry = ChannelEntry(digits: "4") }
        h.press(.menu, effects: [.cancelTimer(.digitCommit)]) { $0.live.channelEntry = nil }
        #expect(h.state.current == 3 && h.state.screen == .player)
        h.expectArmed([.hintHide, .posterDelay, .transportHide])
    }
}
