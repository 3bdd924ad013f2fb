
/// Where the picture in picture and the guide's preview pane go on a screen
/// of a given size. Pure; the runtime asks it for the pixel size a window's
/// player renders at, the views for where to draw.
public enum PictureLayout {
    /// A rectangle of cells.
    public struct Rect: Equatable, Sendable {
        public var x, y, width, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The picture's video, in cells, on a `columns` × `rows` screen: about
    /// three tenths of the width, 16:9 in half-block cells (two pixels a
    /// row), at most half the height.
    public static func pictureVideoSize(columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        var width = max(16, columns * 3 / 10)
        var height = max(4, (width * 9 + 16) / 32)
        let maxHeight = max(4, rows / 2 - 2)
        if height > maxHeight {
            height = maxHeight
            width = max(16, height * 32 / 9)
        }
        return (width, height)
    }

    /// The picture with its frame (a border, the title on top, badge or
    /// progress below) for a video of `video` cells in `corner` exactly.
    static func frame(columns: Int, rows: Int, video: (columns: Int, rows: Int), corner: PictureCorner) -> Rect {
        let width = video.columns + 2, height = video.rows + 2
        return Rect(x: corner.isRight ? columns - width - 1 : 1, y: corner.isTop ? 0 : rows - height - 1, width: width, height: height)
    }

    /// The video sizes the picture may take, largest first: its own
    /// (`pictureVideoSize`), then smaller down to 16 cells across, when the
    /// screen's panels leave no room for it.
    public static func pictureVideoSizes(columns: Int, rows: Int) -> [(columns: Int, rows: Int)] {
        let full = pictureVideoSize(columns: columns, rows: rows)
        var sizes = [full]
        for width in [full.columns * 3 / 4, full.columns / 2, 16] where width >= 16 && width < sizes.last!.columns {
            sizes.append((width, max(4, min(full.rows, (width * 9 + 16) / 32))))
        }
        return sizes
    }

    /// Where the picture goes when `corner` is asked for, on a screen whose
    /// panels are `content`: that corner if it is clear (of what is kept,
    /// and `avoiding`, avoided), else the other corner of its side, else
    /// slid along the side from the corner asked for to the first clear
    /// place; nil if none.
    static func resolve(_ corner: PictureCorner, columns: Int, rows: Int, video: (columns: Int, rows: Int), content: PanelContent,
                        avoiding: Bool = false) -> Rect? {
        var rect = frame(columns: columns, rows: rows, video: video, corner: corner)
        if content.isClear(rect, avoiding: avoiding) { return rect }
        let other = frame(columns: columns, rows: rows, video: video, corner: corner.vertical)
        if content.isClear(other, avoiding: avoiding) { return other }
        let lowest = rows - rect.height - 1
        guard lowest >= 0 else { return nil }
        for step in 1...max(1, lowest) {
            rect.y = corner.isTop ? step : lowest - step
            if rect.y < 0 || rect.y > lowest { break }
            if content.isClear(rect, avoiding: avoiding) { return rect }
        }
        return nil
    }

    /// Where the picture goes, asked for in `corner`, over a screen whose
    /// panels are `content`: the first of that corner (or its side), the
    /// other side, each at the picture's size and then smaller; hidden
    /// (`frame` nil) when none is clear. Where `content` avoids cells (a
    /// list's rows), the first place that hides none of them, when there is
    /// one, at the picture's size or the next smaller (a thumbnail of 16
    /// cells is not worth a list's rows); else as if none were avoided.
    /// `spot` says where it went and where `m` can move it (among the
    /// places that avoid as much).
    public static func placement(columns: Int, rows: Int, corner: PictureCorner, content: PanelContent) -> (frame: Rect?, spot: PictureSpot) {
        let sizes = pictureVideoSizes(columns: columns, rows: rows)
        for (avoiding, tried) in content.avoids ? [(true, Array(sizes.prefix(2))), (false, sizes)] : [(false, sizes)] {
            for video in tried {
                for candidate in [corner, corner.horizontal] {
                    guard let rect = resolve(candidate, columns: columns, rows: rows, video: video, content: content, avoiding: avoiding) else { continue }
                    let at = nearestCorner(rect, columns: columns, rows: rows)
                    var moves: [PictureCorner] = []
                    var next = at.next
                    while next != at {
                        if let other = resolve(next, columns: columns, rows: rows, video: video, content: content, avoiding: avoiding), other != rect {
                            moves.append(next)
                        }
                        next = next.next
                    }
                    return (rect, PictureSpot(corner: at, moves: moves))
                }
            }
        }
        return (nil, PictureSpot(corner: nil, moves: []))
    }

    /// The corner `rect` is nearest.
    static func nearestCorner(_ rect: Rect, columns: Int, rows: Int) -> PictureCorner {
        let top = rect.y * 2 + rect.height <= rows, right = rect.x * 2 + rect.width > columns
        switch (top, right) {
        case (true, true): return .topRight
        case (false, true): return .bottomRight
        case (false, false): return .bottomLeft
        case (true, false): return .topLeft
        }
    }

    /// The guide's preview pane (frame included), right of the list; nil
    /// when the screen is too small for one (under 60×18, as a picture).
    public static func previewPane(columns: Int, rows: Int) -> Rect? {
        guard columns >= 60, rows >= 18 else { return nil }
        let width = columns * 2 / 5
        return Rect(x: columns - width - 1, y: 3, width: width, height: rows - 5)
    }

    /// The preview's video inside `pane`: its width, 16:9 in half blocks,
    /// leaving two rows below for the channel and what is on.
    public static func previewVideo(in pane: Rect) -> Rect {
        let width = pane.width - 2
        let height = max(3, min(pane.height - 5, (width * 9 + 16) / 32))
        return Rect(x: pane.x + 1, y: pane.y + 1, width: width, height: height)
    }

    /// The guide grid's preview: at the right end of its details panel, the
    /// panel's height under its rule, 16:9 in half blocks, no wider than
    /// two fifths of the screen (a tall panel's is lower then); nil on a
    /// terminal narrower than `GuideGridLayout.previewMinimumColumns`.
    public static func gridPreviewVideo(columns: Int, rows: Int, channels: Int = .max) -> Rect? {
        guard columns >= GuideGridLayout.previewMinimumColumns else { return nil }
        let layout = GuideGridLayout(columns: columns, rows: rows, channels: channels)
        let widest = max(columns * 2 / 5, (GuideGridLayout.detailRows - 1) * 32 / 9)
        let height = min(layout.detailHeight - 1, max(GuideGridLayout.detailRows - 1, widest * 9 / 32))
        let width = (height * 32 + 8) / 9
        return Rect(x: columns - width - 2, y: layout.detailsTop + 1, width: width, height: height)
    }

    /// The cells `slot`'s player draws into on a `columns` × `rows` screen
    /// (the same wherever the picture sits); nil for the full screen (and a
    /// warm neighbour, which draws nowhere until it becomes the full screen).
    public static func videoSize(_ slot: PlayerSlot, columns: Int, rows: Int) -> (columns: Int, rows: Int)? {
        switch slot {
        case .main, .warmA, .warmB, .warmC, .view0, .view1, .view2, .view3: return nil
        case .picture: return pictureVideoSize(columns: columns, rows: rows)
        case .preview:
            guard let pane = previewPane(columns: columns, rows: rows) else { return nil }
            let video = previewVideo(in: pane)
            return (video.width, video.height)
        }
    }
}
