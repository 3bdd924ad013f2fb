import Foundation
import MediaModel
@testable import ShellCore
import ShellTesting
import Testing

/// The key table: no two features claim one key in one place, every key is
/// taken somewhere, each focus's declared keys are the only ones it acts
/// on, and docs/key-table.md is the table as it is.
@Suite("Key table")
struct KeyTableTests {
    /// Global and overlay rows claiming `key` in `focus` under `overlay`;
    /// the list of keys, the sleep timer's dark screen and warning and the
    /// screen saver are modal: under them only their own row counts (each
    /// takes every key, before the global rows).
    func claims(_ key: RemoteCommand, _ focus: KeyFocus, _ overlay: KeyOverlay) -> [KeyHandler] {
        let modal: Set<KeyOverlay> = [.help, .sleep, .screensaver]
        return KeyTable.routes.filter { ($0.overlay == overlay || $0.overlay == nil && !modal.contains(overlay)) && $0.foci.contains(focus) && $0.keys.contains(key) }
            .map(\.handler)
    }

    @Test("no two features claim the same key in the same focus and overlay")
    func noConflict() {
        var conflicts: [String] = []
        for focus in KeyFocus.allCases {
            for overlay in KeyOverlay.allCases {
                for key in KeyTable.everyCommand {
                    let handlers = claims(key, focus, overlay)
                    if handlers.count > 1 { conflicts.append("\(focus.rawValue) / \(overlay.rawValue) / \(key.name): \(handlers.map(\.rawValue))") }
                }
            }
        }
        #expect(conflicts.isEmpty, "\(conflicts.joined(separator: "\n"))")
    }

    @Test("a made-up clash is found: the check can fail")
    func clashFound() {
        var routes = KeyTable.routes
        routes.append(KeyRoute(handler: .home, overlay: nil, foci: [.home], keys: [.favourite]))
        let clash = routes.filter { $0.overlay == nil && $0.foci.contains(.home) && $0.keys.contains(.favourite) }
        #expect(clash.count == 2)
    }

    @Test("every key is taken by some feature on some screen")
    func everyKeyTaken() {
        let screenKeys = KeyFocus.allCases.map { KeyTable.screenHandler($0).keys }.reduce(Set(), { $0.union($1) })
        let routed = KeyTable.routes.map(\.keys).reduce(Set(), { $0.union($1) })
        let untaken = KeyTable.everyCommand.filter { !screenKeys.contains($0) && !routed.contains($0) }
        #expect(untaken.isEmpty, "no screen takes \(untaken.map(\.name))")
    }

    @Test("every focus's state is reachable and named by the stack")
    func focusOfFixtures() {
        for (focus, state) in Self.fixtures() {
            #expect(KeyFocus.stack(state).first == focus, "\(focus.rawValue)")
        }
    }

    @Test("a focus acts on the keys it lists and no others")
    func declaredKeysAreTheOnlyOnes() {
        for (focus, fixture) in Self.fixtures() {
            // What the state wants of its players (a scrub's thumbnail) is asked for first.
            var state = fixture
            _ = ShellReducer.reconcilePlayers(&state, previewTargetBefore: PreviewReducer.target(state))
            let stack = KeyFocus.stack(state)
            let listed = stack.map { KeyTable.screenHandler($0).keys }.reduce(Set(), { $0.union($1) })
            for key in KeyTable.everyCommand where !listed.contains(key) && claims(key, focus, KeyOverlay.of(state)).isEmpty {
                var after = state
                let effects = ShellReducer.reduce(&after, .command(key, at: Instant(seconds: 50)))
                #expect(after == state && effects.isEmpty, "\(focus.rawValue) acts on \(key.name), which the table does not list")
            }
        }
    }

    @Test("docs/key-table.md is the table")
    func documented() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/key-table.md")
        let actual = Self.listing()
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try actual.write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(expected == actual, "docs/key-table.md is out of date: RECORD_SNAPSHOTS=1 swift test --filter KeyTableTests")
    }

    /// The table as Markdown: each focus's keys and who takes them.
    static func listing() -> String {
        var text = "# Key table\n\nGenerated from `KeyTable` by `KeyTableTests` (`RECORD_SNAPSHOTS=1 swift test --filter KeyTableTests`).\n"
        text += "A key goes to the overlay's row (while a number is typed, or a reminder is up), then the global row for the focus in front, "
        text += "then the screen's foci, innermost first; a feature with no use for the key in its state passes it on (→).\n\n"
        text += "| focus | screen | key | typing a number | reminder up | otherwise |\n|---|---|---|---|---|---|\n"
        for focus in KeyFocus.allCases {
            let own = KeyTable.screenHandler(focus)
            for key in KeyTable.everyCommand {
                let under: [String] = [KeyOverlay.channelEntry, .reminderNotice].map { overlay -> String in
                    KeyTable.routes.first { $0.overlay == overlay && $0.foci.contains(focus) && $0.keys.contains(key) }?.handler.rawValue ?? ""
                }
                var otherwise: [String] = []
                if let row = KeyTable.routes.first(where: { $0.overlay == nil && $0.foci.contains(focus) && $0.keys.contains(key) }) {
                    otherwise.append(row.handler.rawValue)
                }
                if own.keys.contains(key) { otherwise.append(own.handler.rawValue) }
                guard !otherwise.isEmpty || under.contains(where: { !$0.isEmpty }) else { continue }
                text += "| \(focus.rawValue) | \(focus.screen.rawValue) | \(key.name) | \(under[0]) | \(under[1]) | \(otherwise.joined(separator: " → ")) |\n"
            }
        }
        return text
    }

    /// A state for each focus that can be set up by hand.
    static func fixtures() -> [(KeyFocus, ShellState)] {
        let items = [film, second, channel]
        let base = ShellState(items: items)
        var playing = base
        playing.current = 0
        playing.navigation.destination = .player
        playing.playback.token = 1
        playing.playback.phase = .playing
        playing.playback.duration = 7200
        playing.playback.position = 100
        playing.playback.seekable = true
        var guide = base
        guide.navigation.destination = .guide
        var grid = guide
        grid.guide.grid = GuideGrid(channel: 2, time: 1000, start: 0)
        var search = guide
        search.guide.search = GuideSearch()
        var scrubbing = playing
        scrubbing.playback.paused = true
        scrubbing.scrub = ScrubState(target: 100, origin: 100)
        var overlay = playing
        overlay.chrome.overlay = .info
        var menus = playing
        menus.playback.paused = true
        menus.chrome.overlay = .menus
        menus.chrome.transportMenu = TransportMenuState()
        var offer = playing
        offer.playback.phase = .loading
        offer.upNext.resumeOffer = ResumeOffer(index: 0, position: 600)
        var error = base
        error.current = 0
        error.navigation.destination = .error(ShellError(title: "Could not play", reason: "gone"))
        var interstitial = base
        interstitial.current = 0
        interstitial.navigation.destination = .interstitial
        var prompt = base
        prompt.navigation.destination = .passcode(PasscodePrompt(purpose: .play(index: 0), item: film, ratings: []))
        var multiview = base
        multiview.navigation.destination = .player
        multiview.multiview = MultiviewState(views: [MultiviewState.View(index: 2)])
        return [
            (.home, base), (.guideList, guide), (.guideGrid, grid), (.searchLine, search), (.transport, playing),
            (.scrubbing, scrubbing), (.overlay, overlay), (.menuRow, menus), (.resumeOffer, offer),
            (.errorScreen, error), (.interstitial, interstitial), (.prompt, prompt), (.multiview, multiview),
        ]
    }
}
