import Catalog
@testable import ShellRuntime
import Testing

@Suite("Sprite sheets decoded once, tiles cropped from them")
struct SpriteSheetsTests {
    /// A 2 × 2 sheet of 8 × 4 tiles, each one colour (bgr0).
    private func sheet() -> SpriteSheets.Sheet {
        let colours: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]
        let width = 16, height = 8, stride = width * 4 + 8
        var pixels = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let colour = colours[(y / 4) * 2 + x / 8]
                let at = y * stride + x * 4
                pixels[at] = colour[0]
                pixels[at + 1] = colour[1]
                pixels[at + 2] = colour[2]
            }
        }
        return SpriteSheets.Sheet(pixels: pixels, width: width, height: height, stride: stride)
    }

    @Test("each tile comes out in its own colour, scaled to the thumbnail; a tile past the sheet's edge is clamped to it")
    func tiles() {
        let sheet = sheet()
        for (index, tile) in [(0, 0), (8, 0), (0, 4), (8, 4)].enumerated() {
            let pixels = SpriteSheets.tile(ThumbnailCue.Tile(x: tile.0, y: tile.1, width: 8, height: 4), of: sheet, width: 4, height: 2, layout: "bgr0")
            let expected: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]
            for pixel in 0..<8 {
                #expect(Array(pixels[pixel * 4..<pixel * 4 + 3]) == expected[index], "tile \(index), pixel \(pixel)")
            }
        }
        let clamped = SpriteSheets.tile(ThumbnailCue.Tile(x: 8, y: 4, width: 100, height: 100), of: sheet, width: 4, height: 2, layout: "bgr0")
        #expect(Array(clamped[0..<3]) == [255, 255, 255])
    }

    @Test("the last two sheets are kept")
    func kept() {
        var sheets = SpriteSheets()
        for url in ["a", "b", "c"] { sheets.keep(sheet(), for: url) }
        #expect(sheets.sheet("a") == nil && sheets.sheet("b") != nil && sheets.sheet("c") != nil)
    }
}
