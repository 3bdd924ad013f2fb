import Canvas
@testable import ShellRuntime
import Testing

@Suite("Where mpv draws subtitles under the screens (the TV, a kitty or sixel picture)")
struct SubtitlePlaceTests {
    /// 40 × 18 cells of picture on a 720-pixel output, the grid 36 px from
    /// its top with 36-pixel rows (18 rows: 36 … 684).
    private func picture() -> Screen { Screen(width: 40, height: 18, fill: .video) }
    private func place(_ screen: Screen) -> Int { SubtitlePlace.position(screen, top: 36, cellHeight: 36, outputHeight: 720) }

    @Test("above a bar laid over the picture (title, a clear row, progress, times, a clear row under it): the subtitle's bottom just above the title's row")
    func aboveBar() {
        var screen = picture()
        for (text, row) in [("Title", 13), ("━━━━──────", 15), ("0:03   -1:56", 16)] {
            screen.put(text, x: 2, y: row, style: .plain)
            screen.layOverPicture(x: 0, y: row, width: 40, height: 1, background: nil)
        }
        // The title's row starts at 36 + 13 × 36 = 504 px: 70 % of 720, less one.
        #expect(place(screen) == 69)
    }

    @Test("a panel with a background (the swipe-up overlay) and a picture in its corner count as blocks; a screen with nothing over the bottom half, or over all of it, leaves mpv's place")
    func others() {
        var panel = picture()
        panel.fill(x: 2, y: 10, width: 36, height: 7, with: Cell(" "))
        #expect(place(panel) == 54, "36 + 10 × 36 = 396 px: 55 %, less one")
        #expect(place(picture()) == 100)
        var top = picture()
        top.fill(x: 0, y: 0, width: 40, height: 6, with: Cell(" "))
        #expect(place(top) == 100, "the info panel at the top")
        #expect(place(Screen(width: 40, height: 18)) == 100, "the home screen over all of it")
        var window = picture()
        window.place(VideoWindow(.picture, x: 28, y: 12, width: 10, height: 5))
        #expect(place(window) == 64, "a picture in its bottom corner is a block too, subtitles over it: 36 + 12 × 36 = 468 px")
    }
}
