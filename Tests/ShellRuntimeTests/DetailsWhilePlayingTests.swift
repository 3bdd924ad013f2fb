import MediaModel
import ShellCore
import ShellRuntime
import ShellTesting
import Testing

/// A program's details for an item (`ShellControl.setDetails`) that come
/// while it plays: a rating over the limits stops it there and then.
@Suite("Embedded: details given while an item plays")
struct DetailsWhilePlayingTests {
    @Test("a TV-MA rating given for the unrated channel playing: its player stops, the prompt covers it; the code plays it again")
    func ratedWhilePlaying() {
        let shell = watching(2)
        #expect(shell.state.screen == .player && shell.player.loaded?.item.id == "news")
        shell.control.setDetails(ItemDetails(ratings: [tvMA], summary: "Grown-up news."), forItem: "news")
        shell.runPending()
        #expect(shell.state.screen == .passcode, "\(shell.state.screen)")
        #expect(shell.state.prompt?.item.id == "news" && shell.state.prompt?.rating?.code == "TV-MA")
        #expect(shell.player.loaded == nil, "its player stopped: \(shell.player.calls.suffix(3))")
        shell.type("1234")
        #expect(shell.player.loaded?.item.id == "news")
        shell.playerStarts()
        #expect(shell.state.screen == .player && shell.state.playback.phase == .playing)
    }

    @Test("a rating within the limits leaves it playing, the summary filled in")
    func ratedWithin() {
        let shell = watching(2)
        shell.control.setDetails(ItemDetails(ratings: [tvG], summary: "Morning news."), forItem: "news")
        shell.runPending()
        #expect(shell.state.screen == .player && shell.state.playback.phase == .playing)
        #expect(shell.state.items[1].summary == "Morning news." && shell.state.items[1].rating == "TV-G")
        #expect(!shell.player.calls.contains(.stop))
    }
}
