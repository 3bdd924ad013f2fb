import ShellCore
import ShellTesting
import Testing

@Suite("Where the picture in picture goes beside the screen's panels")
struct PicturePlacementTests {
    private static let sizes = [(80, 24), (120, 40), (60, 18), (200, 60)]

    /// Up to four random panels (rows, blocks, columns) kept clear.
    private func randomContent(columns: Int, rows: Int, rng: inout SeededGenerator) -> PanelContent {
        var content = PanelContent(columns: columns, rows: rows)
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            let width = Int.random(in: 1...columns, using: &rng), height = Int.random(in: 1...max(1, rows / 2), using: &rng)
            content.keep(PictureLayout.Rect(x: Int.random(in: 0...(columns - width), using: &rng), y: Int.random(in: 0...(rows - height), using: &rng),
                                            width: width, height: height))
        }
        return content
    }

    @Test("seeds 1–150: the picture never covers a kept cell; each move m offers draws it somewhere else; hidden only when nothing fits")
    func neverCovers() {
        for seed in UInt64(1)...150 {
            var rng = SeededGenerator(seed: seed)
            for (columns, rows) in Self.sizes {
                let content = randomContent(columns: columns, rows: rows, rng: &rng)
                for corner in PictureCorner.allCases {
                    let (frame, spot) = PictureLayout.placement(columns: columns, rows: rows, corner: corner, content: content)
                    guard let frame else {
                        #expect(spot.corner == nil && spot.moves.isEmpty)
                        // Hidden: not even the smallest picture fits anywhere.
                        let video = PictureLayout.pictureVideoSizes(columns: columns, rows: rows).last!
                        let smallest = (width: video.columns + 2, height: video.rows + 2)
                        for y in 0...(rows - smallest.height - 1) {
                            for x in [1, columns - smallest.width - 1] {
                                let free = content.isClear(PictureLayout.Rect(x: x, y: y, width: smallest.width, height: smallest.height))
                                #expect(!free, "seed \(seed) \(columns)×\(rows): a place at \(x),\(y) was free")
                            }
                        }
                        continue
                    }
                    let clear = content.isClear(frame)
                    #expect(clear, "seed \(seed) \(columns)×\(rows) \(corner): \(frame) covers a panel")
                    #expect(spot.corner != nil && !spot.moves.contains(spot.corner!))
                    for move in spot.moves {
                        let (moved, _) = PictureLayout.placement(columns: columns, rows: rows, corner: move, content: content)
                        #expect(moved != nil && moved != frame, "seed \(seed) \(columns)×\(rows): m to \(move) stays at \(frame)")
                    }
                }
            }
        }
    }

    @Test("a clear screen: the corner asked for, at the picture's size, and m to each of the three others")
    func clearScreen() {
        let content = PanelContent(columns: 120, rows: 40)
        let video = PictureLayout.pictureVideoSize(columns: 120, rows: 40)
        let (frame, spot) = PictureLayout.placement(columns: 120, rows: 40, corner: .bottomLeft, content: content)
        #expect(frame == PictureLayout.Rect(x: 1, y: 40 - video.rows - 3, width: video.columns + 2, height: video.rows + 2))
        #expect(spot == PictureSpot(corner: .bottomLeft, moves: [.topLeft, .topRight, .bottomRight]))
    }

    @Test("the focused row at the top: top right goes to bottom right; a full-width panel at the bottom too: it slides between them")
    func slides() throws {
        var content = PanelContent(columns: 80, rows: 24)
        content.keep(row: 3)
        let (placed, spot) = PictureLayout.placement(columns: 80, rows: 24, corner: .topRight, content: content)
        let cornered = try #require(placed)
        #expect(cornered.y == 24 - cornered.height - 1 && spot.corner == .bottomRight)
        content.keep(PictureLayout.Rect(x: 0, y: 17, width: 80, height: 6))
        let (slid, _) = PictureLayout.placement(columns: 80, rows: 24, corner: .topRight, content: content)
        #expect(slid?.y == 4, "just under the focused row")
        let (up, _) = PictureLayout.placement(columns: 80, rows: 24, corner: .bottomRight, content: content)
        #expect(up.map { $0.y + $0.height } == 17, "just over the panel")
    }

    @Test("rows avoided (a list's): the picture goes where it hides none, and m only there; with no such place at its size or the next, over them as before, never over a kept cell")
    func avoidsWhereItCan() throws {
        var content = PanelContent(columns: 120, rows: 40)
        var list = Screen(width: 120, height: 40)
        for y in 3..<37 { list.put("Channel \(y)", x: 2, y: y, style: Style()) }
        content.keep(row: 5, x: 1, width: 70)
        content.avoidDrawn(list, in: PictureLayout.Rect(x: 1, y: 3, width: 70, height: 34), background: RGB(0, 0, 0))
        #expect(content.avoids)
        let (frame, spot) = PictureLayout.placement(columns: 120, rows: 40, corner: .bottomLeft, content: content)
        let placed = try #require(frame)
        #expect(placed.x > 60 && spot.corner == .bottomRight, "beside the names, not over them: \(placed)")
        #expect(spot.moves == [.topRight], "m: only the other corner that hides no name")
        #expect(content.isClear(placed, avoiding: true))

        content.keep(PictureLayout.Rect(x: 60, y: 0, width: 60, height: 40))
        let (over, overSpot) = PictureLayout.placement(columns: 120, rows: 40, corner: .bottomLeft, content: content)
        let fallback = try #require(over)
        #expect(fallback.width == PictureLayout.pictureVideoSize(columns: 120, rows: 40).columns + 2, "no room beside: over the names, at its size")
        #expect(content.isClear(fallback) && !content.isClear(fallback, avoiding: true) && overSpot.corner == .bottomLeft)

        var kept = PanelContent(columns: 120, rows: 40)
        kept.keep(PictureLayout.Rect(x: 60, y: 0, width: 60, height: 40))
        #expect(PictureLayout.placement(columns: 120, rows: 40, corner: .bottomLeft, content: kept).frame == fallback, "the same as with nothing avoided")
    }

    @Test("no room anywhere: hidden, and m has nowhere to go")
    func hidden() {
        var content = PanelContent(columns: 80, rows: 24)
        for row in stride(from: 0, to: 24, by: 4) { content.keep(row: row) }
        let (frame, spot) = PictureLayout.placement(columns: 80, rows: 24, corner: .topRight, content: content)
        #expect(frame == nil && spot == PictureSpot(corner: nil, moves: []))
    }
}
