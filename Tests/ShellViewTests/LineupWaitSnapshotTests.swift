import Canvas
import MediaModel
@testable import ShellCore
import ShellTesting
import Testing

/// Row `y` of `screen` as text.
private func row(_ screen: Screen, _ y: Int) -> String {
    String((0..<screen.width).map { screen[$0, y].character })
}

@Suite("A box awaiting its lineup, on screen")
struct LineupWaitSnapshotTests {
    @Test("the home screen says no channels are here yet, why, and that it is tried again by itself; the TV's 60 columns wrap it whole; a URL in the reason is redacted; the hint offers no key that needs a channel; media paths awaited are said in words for files")
    func drawn() {
        var state = ShellState(items: [], kiosk: true)
        state.lineupWait = "the server answered 503 Service Unavailable"
        state.wallClock = 1_796_504_400
        assertThemedSnapshots(state, named: "lineup-wait", sizes: [(1, 1), (60, 18), (80, 24), (200, 60)]) { screen, theme in
            guard screen.width > 1 else { return }
            let text = screen.text()
            #expect(text.contains("No channels yet"), "\(text)")
            let heading = row(screen, 4)
            let x = heading.distance(from: heading.startIndex, to: heading.range(of: "No channels yet")!.lowerBound)
            #expect(screen[x, 4].style.bold && screen[x, 4].style.foreground == theme.text, "the heading bold, in the text's colour")
            let words = (0..<screen.height).map { row(screen, $0) }.joined(separator: " ").split(separator: " ").joined(separator: " ")
            #expect(words.contains("The lineup could not be read (the server answered 503 Service Unavailable). It is tried again by itself: the channels come up as soon as it can be read."),
                    "whole, in \(screen.width) columns: \(text)")
            #expect(screen[4, 6].style.foreground == theme.secondaryText)
            // The hint offers only what does something with no channels.
            let hint = row(screen, screen.height - 1)
            #expect(hint.contains("keys") && !hint.contains("play") && !hint.contains("guide") && !hint.contains("favourite"), "\(hint)")
        }
        var terminal = state
        terminal.kiosk = false
        let hint = row(ShellView.render(terminal, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)), 23)
        #expect(hint.contains("? keys · q quit") && !hint.contains("ENTER"), "\(hint)")

        state.lineupWait = "cannot read http://viewer:s3cret@provider.example/get.php?password=s3cret"
        let shown = ShellView.render(state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(!shown.contains("s3cret") && shown.contains("provider.example"), "\(shown)")

        // Media paths awaited: in words for files.
        var media = state
        media.lineupWait = "/media/usb: not there (a drive not plugged in or not mounted yet?)"
        media.lineupWaitIsMedia = true
        let tv = ShellView.render(media, theme: .dark, width: 60, height: 18, context: ViewContext(picture: .terminal))
        let mediaWords = (0..<tv.height).map { row(tv, $0) }.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(mediaWords.contains("Nothing to play yet") && !mediaWords.contains("channels") && !mediaWords.contains("lineup"), "\(tv.text())")
        #expect(mediaWords.contains("/media/usb: not there (a drive not plugged in or not mounted yet?). It is looked at again by itself: what it holds comes up as soon as it is there."),
                "\(tv.text())")

        // Once a lineup is here, nothing of it is drawn (the reducer also
        // lets it go with the lineup).
        var arrived = state
        arrived.items = [MediaItem(id: "c1", title: "Channel 1", url: "http://tv.example/1.m3u8", isLive: true, number: 1)]
        let list = ShellView.render(arrived, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(list.contains("Channel 1") && !list.contains("No channels yet"), "\(list)")
    }
}
