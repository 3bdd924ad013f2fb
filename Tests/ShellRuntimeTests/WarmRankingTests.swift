import MediaModel
import ShellCore
import ShellProbes
import ShellRuntime
import ShellTesting
import Testing

/// Twelve live channels, the fifth rated TV-MA (restricted: TV-PG and under).
private let channels = (1...12).map { (n: Int) -> MediaItem in
    MediaItem(id: "ch\(n)", title: "Ch \(n)", url: "av://lavfi:testsrc=n=\(n)", isLive: true, number: n,
              rating: n == 5 ? "TV-MA" : nil, contentRating: n == 5 ? tvMA : nil)
}

private func state(budget: WarmBudget = WarmBudget(), cap: Int? = nil) -> ShellState {
    var state = restricted(channels)
    state.settings.warmNeighbours = 2
    state.settings.warmBudget = budget
    state.settings.maxConnections = cap
    return state
}

/// A shell watching channel `number` past the warm delay, its warm players
/// ready.
private func settled(on number: Int, _ state: ShellState = state()) -> EmbeddedShell {
    let shell = watching(number, state: state)
    settle(shell)
    return shell
}

/// The full-screen load (if one is under way) plays; the delay passes;
/// every warm player loading opens (held, let go) and plays.
private func settle(_ shell: EmbeddedShell) {
    if shell.state.playback.phase == .loading { shell.playerStarts() }
    shell.advance(by: 3.1)
    warmUp(shell)
}

private func warmUp(_ shell: EmbeddedShell) {
    for slot in PlayerSlot.warm where shell.state.warm.players[slot]?.playback.phase == .loading {
        shell.report(.preloaded(ratings: []), in: slot)
        shell.report(.playing, in: slot)
    }
}

/// The warm channels by number, with why.
private func warm(_ shell: EmbeddedShell) -> [Int: WarmReason] {
    Dictionary(uniqueKeysWithValues: shell.state.warm.players.values.map { (channels[$0.index].number!, $0.reason) })
}

/// How many times a player was asked to load (not warm) channel `number`.
private func loads(_ shell: EmbeddedShell, _ number: Int) -> Int {
    ([PlayerSlot.main] + PlayerSlot.warm).reduce(0) { count, slot in
        count + (shell.player(in: slot)?.loads.filter { $0 == channels[number - 1].url }.count ?? 0)
    }
}

/// Every URL any player was asked to open (loaded or warmed).
private func opened(_ shell: EmbeddedShell) -> [String] {
    ([PlayerSlot.main] + PlayerSlot.warm + [.picture, .preview]).flatMap { slot in
        (shell.player(in: slot)?.calls ?? []).compactMap { call -> String? in
            switch call {
            case .load(let url, _), .loadPaused(let url, _): url
            default: nil
            }
        }
    }
}

@Suite("Warm ranking: what the viewer will press next")
struct WarmRankingTests {
    @Test("on a channel: the next and previous; after a zap the channel left stays warm as the last channel")
    func neighboursAndLastChannel() {
        let shell = settled(on: 2)
        #expect(warm(shell) == [3: .next, 1: .previous])
        shell.type("9")
        shell.press(.select)
        #expect(shell.state.current == 8)
        settle(shell)
        #expect(warm(shell) == [10: .next, 8: .previous, 2: .lastChannel])
        let before = loads(shell, 2)
        shell.press(.previousChannel)
        #expect(shell.state.current == 1 && loads(shell, 2) == before, "channel 2 swapped in, not loaded")
        #expect(shell.state.playback.phase == .playing)
    }

    @Test("after a warm swap or a guide pick the next likely channels open at once, not after the delay: a quick second zap is warm too")
    func noDelayAfterWarmPlay() {
        let shell = settled(on: 2)
        shell.press(.channelUp)
        #expect(shell.state.current == 2 && loads(shell, 3) == 0, "3 swapped in")
        #expect(warm(shell) == [4: .next, 2: .previous], "channel 4 opened in the same action")
        warmUp(shell)
        shell.advance(by: 0.5)
        shell.press(.channelUp)
        #expect(shell.state.current == 3 && loads(shell, 4) == 0, "4 swapped in half a second later")

        settle(shell)
        shell.press(.guide)
        #expect(shell.state.warm.players.isEmpty, "the guide's preview is the only one warm in the guide")
        shell.press(.down)
        shell.press(.down)
        shell.advance(by: 0.7)
        let picked = shell.state.picture.preview?.index
        if shell.state.picture.preview?.playback.phase == .loading {
            shell.report(.preloaded(ratings: []), in: .preview)
            shell.report(.playing, in: .preview)
        }
        shell.press(.select)
        #expect(picked == 5 && shell.state.current == 5 && shell.state.screen == .player, "channel 6's preview promoted (5 is TV-MA)")
        #expect(!shell.state.warm.players.isEmpty, "its neighbours opened at once: \(warm(shell))")
    }

    @Test("typed digits: the likeliest channel they can become at once, the only one as soon as the digits allow just one; never a restricted one")
    func typedDigits() {
        let shell = settled(on: 3)
        #expect(warm(shell) == [4: .next, 2: .previous])
        shell.press(.digit(1))
        #expect(warm(shell)[1] == .typedDigits, "1, 10, 11, 12 are possible: 1, what a pause tunes")
        warmUp(shell)
        shell.press(.digit(1))
        #expect(warm(shell) == [11: .typedDigits, 4: .next, 2: .previous], "only 11 is left")
        warmUp(shell)
        shell.press(.select)
        #expect(shell.state.current == 10 && loads(shell, 11) == 0, "11 swapped in")
        settle(shell)
        shell.send(.watchCounts(["Ch 12": 4]))
        shell.press(.digit(1))
        #expect(warm(shell)[12] == .typedDigits, "of 1, 10, 11, 12, the most watched")
        shell.press(.menu)
        shell.press(.digit(5))
        #expect(warm(shell)[5] == nil, "channel 5 is TV-MA")
        #expect(!opened(shell).contains(channels[4].url))
    }

    @Test("the third player: the last channel, else a favourite (the most watched of them), else the most watched channel")
    func favouritesAndMostWatched() {
        let shell = settled(on: 7)
        shell.send(.watchCounts(["Ch 10": 9, "Ch 11": 3]))
        warmUp(shell)
        #expect(warm(shell) == [8: .next, 6: .previous, 10: .mostWatched])
        shell.send(.libraryLists(favourites: ["Ch 1", "Ch 11"], reminders: []))
        warmUp(shell)
        #expect(warm(shell) == [8: .next, 6: .previous, 11: .favourite], "favourite 11 is watched more than favourite 1")
    }

    @Test("the budget: players, the connection cap beside what the viewer opened (giving way at once), bytes a minute")
    func budget() {
        let one = settled(on: 2, state(budget: WarmBudget(players: 1)))
        #expect(warm(one) == [3: .next])
        let capped = settled(on: 2, state(cap: 3))
        #expect(warm(capped) == [3: .next, 1: .previous])
        capped.press(.pictureInPicture)
        #expect(capped.state.picture.pip != nil)
        #expect(capped.state.warm.players.count <= 1, "the picture opens a stream: a warm player gives way at once")
        let metered = settled(on: 2, state(budget: WarmBudget(players: 3, bytesPerMinute: 90 << 20)))
        metered.type("8")
        metered.press(.select)
        settle(metered)
        #expect(warm(metered) == [9: .next, 7: .previous, 2: .lastChannel])
        for slot in PlayerSlot.warm { metered.report(.fetched(bytes: 4 << 20, rate: Double(1 << 20)), in: slot) }
        #expect(warm(metered) == [9: .next, 7: .previous], "3 MiB/s is over 90 MiB a minute: the least likely stops")
        #expect(metered.state.warm.refused == [1])
    }

    @Test("seeded key sequences: never more warm players than the budget and the cap allow, never a restricted channel warm", arguments: 1...12)
    func invariants(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let cap = [nil, 2, 3, 4][Int(random.next() % 4)]
        let budget = WarmBudget(players: Int(random.next() % 4))
        let shell = EmbeddedShell(state(budget: budget, cap: cap))
        var violations: [String] = []
        shell.check = { action, _, state in
            let warmCount = state.warm.players.count
            if warmCount > budget.players { violations.append("\(warmCount) warm over a budget of \(budget.players) after \(action)") }
            if let cap, state.openStreams + warmCount > max(cap, state.openStreams) {
                violations.append("\(state.openStreams) open + \(warmCount) warm over \(cap) after \(action)")
            }
            if state.warm.players.values.contains(where: { channels[$0.index].number == 5 }) { violations.append("channel 5 warm after \(action)") }
        }
        shell.send(.wallClock(shell.clock.wallClock(), at: shell.clock.now()))
        shell.send(.playIndex(1, at: shell.clock.now()))
        shell.playerStarts()
        let keys: [RemoteCommand] = [.channelUp, .channelDown, .previousChannel, .digit(1), .digit(2), .digit(5), .select, .menu, .pictureInPicture, .guide, .down]
        for _ in 0..<150 {
            shell.press(keys[Int(random.next() % UInt64(keys.count))])
            if random.next() % 3 == 0 { shell.advance(by: Double(random.next() % 40) / 10) }
            if shell.state.playback.phase == .loading, shell.state.prompt == nil { shell.playerStarts() }
            warmUp(shell)
        }
        #expect(violations.isEmpty, "\(violations.prefix(3))")
        #expect(!opened(shell).contains(channels[4].url) || shell.state.restrictions.policy.mode == .off, "channel 5 never opened")
    }
}
