import MediaModel
import ShellCore
import ShellTesting
import Testing

@Suite("Titles")
struct TitleTests {
    @Test("a file given by its path shows its container's title once the player knows it; a lineup's title stays")
    func containerTitle() {
        let file = MediaItem.fromLocation("/media/pattern.mkv")
        let h = ReducerHarness(ShellState(items: [file, channel]))
        h.apply(.playIndex(0, at: h.clock.now))
        #expect(h.state.title == "pattern.mkv")
        h.send(.player(.mediaTitle("The Test Pattern"), token: 1, at: h.clock.now)) { $0.playback.mediaTitle = "The Test Pattern" }
        #expect(h.state.title == "The Test Pattern")
        h.apply(.playIndex(1, at: h.clock.now))
        h.send(.player(.mediaTitle("stream-1234"), token: 2, at: h.clock.now)) { $0.playback.mediaTitle = "stream-1234" }
        #expect(h.state.title == "News")
        h.expectArmed([.transportHide])
    }
}
