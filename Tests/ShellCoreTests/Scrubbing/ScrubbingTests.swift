import ShellCore
import ShellTesting
import Testing

/// The scrub state after the first step from `origin` to `target`.
private func firstStep(target: Double, origin: Double, direction: Int, at now: Instant) -> ScrubState {
    var scrub = ScrubState(target: target, origin: origin)
    scrub.lastDirection = direction
    scrub.lastStepAt = now
    return scrub
}

@Suite("Scrubbing")
struct ScrubbingTests {
    @Test("RIGHT while paused starts scrubbing one coarse step on; playback stays")
    func startsScrubbing() {
        let h = pausedFilm(duration: 7200, position: 100)
        h.press(.right, effects: [.cancelTimer(.transportHide)]) {
            $0.scrub = firstStep(target: 110, origin: 100, direction: 1, at: h.clock.now)
        }
        #expect(h.state.playback.position == 100)
        h.expectArmed([.hintHide, .stall])
    }

    @Test("ENTER while paused starts scrubbing at the current position")
    func selectStartsScrubbing() {
        let h = pausedFilm(position: 42)
        h.press(.select, effects: [.cancelTimer(.transportHide)]) {
            $0.scrub = ScrubState(target: 42, origin: 42)
        }
        h.expectArmed([.hintHide, .stall])
    }

    @Test("holding RIGHT accelerates: a 2-hour film is crossed in under 4 s of key repeat at 30 Hz")
    func accelerationCrossesFilm() {
        let h = pausedFilm(duration: 7200, position: 0)
        var presses = 0
        var steps: [Double] = []
        var last = 0.0
        while h.state.scrub?.target ?? 0 < 7200 && presses < 1000 {
            _ = h.advance(by: 1.0 / 30)
            _ = h.apply(.command(.right, at: h.clock.now))
            presses += 1
            let target = h.state.scrub?.target ?? 0
            steps.append(target - last)
            last = target
        }
        #expect(h.state.scrub?.target == 7200)
        #expect(Double(presses) / 30 < 4, "took \(presses) presses")
        #expect(steps[0] == 10)
        #expect(steps[10] > steps[1], "steps grow while the key repeats")
        #expect(steps.dropLast().max()! <= 200, "the step is capped at 20× the base")
        h.expectArmed([.hintHide, .stall])
    }

    @Test("steps further apart than the repeat window do not accelerate")
    func slowPressesDoNotAccelerate() {
        let h = pausedFilm(duration: 7200, position: 1000)
        for i in 1...5 {
            _ = h.advance(by: 0.5)
            _ = h.apply(.command(.right, at: h.clock.now))
            #expect(h.state.scrub?.target == 1000 + Double(i) * 10)
            #expect(h.state.scrub?.repeatCount == 0)
        }
        h.expectArmed([.hintHide, .stall])
    }

    @Test("DOWN enters fine mode: steps start at 0.1 s and never exceed 1 s; UP goes back to coarse")
    func fineMode() {
        let h = pausedFilm(duration: 7200, position: 500)
        h.press(.select, effects: [.cancelTimer(.transportHide)]) { $0.scrub = ScrubState(target: 500, origin: 500) }
        h.press(.down) { $0.scrub?.mode = .fine }
        h.press(.right) {
            $0.scrub?.target = 500.1
            $0.scrub?.lastDirection = 1
            $0.scrub?.lastStepAt = h.clock.now
        }
        var previous = h.state.scrub!.target
        for _ in 0..<60 {
            _ = h.advance(by: 1.0 / 30)
            _ = h.apply(.command(.right, at: h.clock.now))
            let step = h.state.scrub!.target - previous
            #expect(step > 0 && step <= 1.0 + 1e-9)
            previous = h.state.scrub!.target
        }
        #expect(h.state.scrub!.target - 500 > 30, "fine steps grow to 1 s while held")
        h.press(.up) {
            $0.scrub?.mode = .coarse
            $0.scrub?.repeatCount = 0
            $0.scrub?.lastStepAt = nil
        }
        h.expectArmed([.hintHide, .stall])
    }

    @Test("ENTER commits: one exact seek to the head, still paused, position shows the target")
    func commitWithSelect() {
        let h = pausedFilm(duration: 7200, position: 100)
        h.press(.right, effects: [.cancelTimer(.transportHide)]) {
            $0.scrub = firstStep(target: 110, origin: 100, direction: 1, at: h.clock.now)
        }
        h.press(.select, effects: [.seek(to: 110, exact: true), .cancelTimer(.transportHide)]) {
            $0.scrub = nil
            $0.playback.position = 110
            $0.playback.seekPending = true
        }
        #expect(h.state.playback.paused)
        h.send(.player(.position(100), token: 1, at: h.clock.now))
        h.send(.player(.playing, token: 1, at: h.clock.now)) { $0.playback.seekPending = false }
        h.send(.player(.position(110.02), token: 1, at: h.clock.now)) { $0.playback.position = 110.02 }
        h.expectArmed([.hintHide, .stall])
    }

    @Test("PLAYPAUSE commits and plays")
    func commitWithPlayPause() {
        let h = pausedFilm(duration: 7200, position: 100)
        h.press(.left, effects: [.cancelTimer(.transportHide)]) {
            $0.scrub = firstStep(target: 90, origin: 100, direction: -1, at: h.clock.now)
        }
        h.press(.playPause, effects: [.seek(to: 90, exact: true), .setPause(false), .startTimer(.transportHide, after: 5)]) {
            $0.scrub = nil
            $0.playback.position = 90
            $0.playback.seekPending = true
            $0.playback.paused = false
        }
        h.expectArmed([.hintHide, .transportHide, .stall])
    }

    @Test("PAUSE commits as ENTER does: one exact seek to the head, still paused")
    func commitWithPause() {
        let h = pausedFilm(duration: 7200, position: 100)
        h.press(.right, effects: [.cancelTimer(.transportHide)]) {
            $0.scrub = firstStep(target: 110, origin: 100, direction: 1, at: h.clock.now)
        }
        h.press(.pause, effects: [.seek(to: 110, exact: true), .cancelTimer(.transportHide)]) {
            $0.scrub = nil
            $0.playback.position = 110
            $0.playback.seekPending = true
        }
        #expect(h.state.playback.paused)
        h.expectArmed([.hintHide, .stall])
    }

    @Test("i while scrubbing ends the scrub where it began and opens the info panel, as on the bar")
    func infoEndsScrub() {
        let h = pausedFilm(duration: 7200, position: 100)
        h.press(.right, effects: [.cancelTimer(.transportHide)]) {
            $0.scrub = firstStep(target: 110, origin: 100, direction: 1, at: h.clock.now)
        }
        let effects = h.apply(.command(.info, at: h.clock.now))
        #expect(h.state.scrub == nil && h.state.chrome.overlay != .none, "\(h.state.chrome.overlay)")
        #expect(!effects.contains { if case .seek = $0 { true } else { false } })
        #expect(h.state.playback.position == 100 && h.state.playback.paused)
        h.expectArmed([.stall])
    }

    @Test("ESC cancels: no seek, the position is where playback was")
    func cancel() {
        let h = pausedFilm(duration: 7200, position: 100)
        h.press(.right, effects: [.cancelTimer(.transportHide)]) {
            $0.scrub = firstStep(target: 110, origin: 100, direction: 1, at: h.clock.now)
        }
        h.press(.menu) { $0.scrub = nil }
        #expect(h.state.playback.position == 100)
        #expect(h.state.screen == .player)
        h.expectArmed([.hintHide, .stall])
    }

    @Test("the head stays within the item")
    func clamped() {
        let h = pausedFilm(duration: 30, position: 0.5)
        h.press(.left, effects: [.cancelTimer(.transportHide)]) {
            $0.scrub = firstStep(target: 0, origin: 0.5, direction: -1, at: h.clock.now)
        }
        for _ in 0..<100 {
            _ = h.advance(by: 0.03)
            _ = h.apply(.command(.right, at: h.clock.now))
        }
        #expect(h.state.scrub?.target == 30)
        h.expectArmed([.hintHide, .stall])
    }

    @Test("the transport bar stays up while scrubbing: its hide timer is cancelled")
    func transportStaysWhileScrubbing() {
        let h = pausedFilm()
        h.press(.select, effects: [.cancelTimer(.transportHide)]) { $0.scrub = ScrubState(target: 100, origin: 100) }
        #expect(h.runningTimers[.transportHide] == nil)
        #expect(!h.advance(by: 10).contains(.transportHide), "the hide timer cannot fall due")
        #expect(h.state.chrome.transportVisible)
        h.expectArmed([.hintHide, .stall])
    }
}
