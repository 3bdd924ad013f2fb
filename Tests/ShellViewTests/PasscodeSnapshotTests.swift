import MediaModel
import ShellCore
import ShellTesting
import Testing

private let late = MediaItem(id: "late", title: "Late Night Bars", url: "av://lavfi:smptehdbars", isLive: true, number: 4, rating: "TV-MA",
                             contentRating: ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv))

/// The prompt over a playing channel, with an overlay, the hint and a notice
/// all set: none of them may show through.
private func prompt(digits: [Int] = [], message: String? = nil, lockedFor: Double? = nil) -> ShellState {
    var s = ShellState(items: [late])
    s.current = 0
    s.playback.phase = .idle
    s.chrome.overlay = .custom
    s.chrome.hintVisible = true
    s.chrome.transportVisible = true
    s.wallClock = 1_800_000_000
    var p = PasscodePrompt(purpose: .play(index: 0), item: late, ratings: [late.contentRating!])
    p.digits = digits
    p.message = message
    s.navigation.destination = .passcode(p)
    s.restrictions.lockedUntil = lockedFor.map { s.wallClock + $0 }
    return s
}

@Suite("Passcode prompt snapshots")
struct PasscodeSnapshotTests {
    private func check(_ s: ShellState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        assertThemedSnapshots(s, named: name, sourceLocation: sourceLocation) { screen, _ in
            let video = screen.cells.filter { $0.isVideo }.count
            #expect(video == 0, "no picture shows through", sourceLocation: sourceLocation)
            let text = screen.text()
            #expect(!text.contains("More") && !text.contains("Back to"), "no hint or overlay over the prompt", sourceLocation: sourceLocation)
        }
    }

    @Test func empty() { check(prompt(), "passcode") }
    @Test func twoDigits() { check(prompt(digits: [4, 2]), "passcode-two-digits") }
    @Test func wrong() { check(prompt(message: "Wrong passcode. 4 more tries before the prompt locks."), "passcode-wrong") }
    @Test func locked() { check(prompt(lockedFor: 42), "passcode-locked") }

    @Test func kiosk() {
        var s = prompt()
        s.navigation.destination = .passcode(PasscodePrompt(purpose: .quitKiosk(returnTo: .player), item: MediaItem(id: "kiosk", title: "Quit kiosk mode", url: ""), ratings: []))
        check(s, "passcode-kiosk")
    }

    @Test("in a screen of 10 or 11 rows (the least drawn) the message and the keys are on its last rows, below the boxes", arguments: [10, 11])
    func short(height: Int) {
        let screen = ShellView.render(prompt(message: "Wrong passcode."), theme: .dark, width: 60, height: height, context: ViewContext(picture: .terminal))
        let rows = screen.text().split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows[height - 2] == "Wrong passcode.", "\(rows)")
        #expect(rows[height - 1] == "0-9 digits · LEFT delete · ESC cancel", "\(rows)")
        #expect(screen[19, 7].style.background == Theme.dark.selectionBackground && screen[19, 8].style.background != Theme.dark.selectionBackground,
                "the boxes above them, rows 5 to 7")
    }

    @Test("the boxes show how many digits were typed, never which")
    func noDigits() {
        let text = ShellView.render(prompt(digits: [7, 3, 5]), theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(text.filter { $0 == "●" }.count == 3)
        #expect(!text.contains("7") && !text.contains("3") && !text.contains("5"))
    }
}
