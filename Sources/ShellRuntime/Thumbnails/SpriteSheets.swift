import Catalog

/// Sprite sheets decoded whole (mpv's `screenshot-raw` of the sheet, bgr0
/// at its own size), by URL: a tile of a sheet already seen is cropped and
/// scaled here in about a millisecond, with no load of the thumbnail
/// player. The last `limit` sheets are kept (one 1600×900 sheet is about
/// 5.8 MB). Run-loop thread only (`ThumbnailService`).
struct SpriteSheets {
    struct Sheet {
        var pixels: [UInt8]
        var width: Int
        var height: Int
        var stride: Int
    }

    static let limit = 2
    private var sheets: [(url: String, sheet: Sheet)] = []

    func sheet(_ url: String) -> Sheet? {
        sheets.first { $0.url == url }?.sheet
    }

    mutating func keep(_ sheet: Sheet, for url: String) {
        sheets.removeAll { $0.url == url }
        sheets.append((url, sheet))
        if sheets.count > Self.limit { sheets.removeFirst() }
    }

    /// `tile` of `sheet` (the whole sheet without one; clamped to it),
    /// scaled into `width` × `height` pixels of `layout` ("bgr0", "rgb0").
    static func tile(_ tile: ThumbnailCue.Tile?, of sheet: Sheet, width: Int, height: Int, layout: String) -> [UInt8] {
        let x = min(max(0, tile?.x ?? 0), sheet.width), y = min(max(0, tile?.y ?? 0), sheet.height)
        let w = min(tile?.width ?? sheet.width, sheet.width - x), h = min(tile?.height ?? sheet.height, sheet.height - y)
        var cropped = [UInt8](repeating: 0, count: max(0, w) * max(0, h) * 4)
        if w > 0, h > 0 {
            for row in 0..<h {
                let from = (y + row) * sheet.stride + x * 4
                cropped.replaceSubrange(row * w * 4..<(row + 1) * w * 4, with: sheet.pixels[from..<from + w * 4])
            }
        }
        return FrameScaler.scale(cropped, width: max(0, w), height: max(0, h), stride: max(0, w) * 4, to: width, height, layout: layout)
    }
}
