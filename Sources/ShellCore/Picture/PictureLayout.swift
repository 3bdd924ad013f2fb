
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

        func covers(row: Int) -> Bool { row >= y && row < y + height }
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
    /// progress below) in `corner`; moved to the other corner of the same
    /// side when it would cover `focusRow`.
    public static func pictureFrame(columns: Int, rows: Int, corner: PictureCorner, focusRow: Int?) -> (frame: Rect, corner: PictureCorner) {
        let video = pictureVideoSize(columns: columns, rows: rows)
        let width = video.columns + 2, height = video.rows + 2
        func place(_ corner: PictureCorner) -> Rect {
            Rect(x: corner.isRight ? columns - width - 1 : 1, y: corner.isTop ? 0 : rows - height - 1, width: width, height: height)
        }
        let frame = place(corner)
        if let focusRow, frame.covers(row: focusRow) { return (place(corner.vertical), corner.vertical) }
        return (frame, corner)
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
    /// panel's height under its rule, 16:9 in half blocks; nil on a terminal
    /// narrower than `GuideGridLayout.previewMinimumColumns`.
    public static func gridPreviewVideo(columns: Int, rows: Int) -> Rect? {
        guard columns >= GuideGridLayout.previewMinimumColumns else { return nil }
        let layout = GuideGridLayout(columns: columns, rows: rows)
        let height = GuideGridLayout.detailRows - 1
        let width = (height * 32 + 8) / 9
        return Rect(x: columns - width - 2, y: layout.headerRow + 2 + layout.channelRows, width: width, height: height)
    }

    /// The cells `slot`'s player draws into on a `columns` × `rows` screen
    /// (the same wherever the picture sits); nil for the full screen (and a
    /// warm neighbour, which draws nowhere until it becomes the full screen).
    public static func videoSize(_ slot: PlayerSlot, columns: Int, rows: Int) -> (columns: Int, rows: Int)? {
        switch slot {
        case .main, .warmA, .warmB: return nil
        case .picture: return pictureVideoSize(columns: columns, rows: rows)
        case .preview:
            guard let pane = previewPane(columns: columns, rows: rows) else { return nil }
            let video = previewVideo(in: pane)
            return (video.width, video.height)
        }
    }
}
