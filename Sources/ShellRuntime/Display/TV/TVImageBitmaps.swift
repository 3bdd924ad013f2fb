import Logging
import MediaModel
import ShellCore

/// The TV output's images: where the views place a channel logo
/// (`Screen.images`), the logo at the TV's size (`LogoBitmaps`) is scaled to
/// the place's pixels, premultiplied, and laid on mpv's output with
/// `overlay-add`; laid again only when the place or the logo changes.
///
/// Run-loop thread only.
final class TVImageBitmaps {
    /// `overlay-add` ids: after the second pictures' (`TVWindowBitmaps.ids`)
    /// and the scrub thumbnail's, so none is laid over another.
    static let firstID = max(TVWindowBitmaps.ids.values.max() ?? 0, TVPresenter.thumbnailID) + 1
    static let count = 4

    private struct Laid: Equatable {
        var key: String
        var rectangle: TVWindowBitmaps.Laid
    }

    private let logos: LogoBitmaps
    private let logger: Logger
    private var laid: [Int: Laid] = [:]
    /// The last scaled pixels, by id (mpv copies them; kept to lay again).
    private var pixels: [Int: [UInt8]] = [:]

    init(logos: LogoBitmaps, logger: Logger) {
        self.logos = logos
        self.logger = logger
    }

    /// What is laid now, by place (`get_state.tv.overlays`).
    var rectangles: [TVWindowBitmaps.Laid] {
        laid.sorted { $0.key < $1.key }.map(\.value.rectangle)
    }

    /// Lays the images `layout` places on `main`, takes off those it no
    /// longer places (nil layout: all).
    func lay(on main: MPVPlayer, layout: TVLayout?) {
        let placements = Array((layout?.images ?? []).prefix(Self.count))
        for index in 0..<Self.count {
            let id = Self.firstID + index
            guard index < placements.count, let layout, let image = logos[placements[index].key] else {
                if laid[id] != nil { remove(id, from: main) }
                continue
            }
            let placement = placements[index]
            let x0 = Int(layout.left + Double(placement.x) * layout.cellWidth), y0 = Int(layout.top + Double(placement.y) * layout.cellHeight)
            let x1 = Int(layout.left + Double(placement.x + placement.width) * layout.cellWidth)
            let y1 = Int(layout.top + Double(placement.y + placement.height) * layout.cellHeight)
            // The logo is square: the largest square in the place, centred.
            let side = min(x1 - x0, y1 - y0)
            guard side > 0 else { continue }
            let rectangle = TVWindowBitmaps.Laid(x: x0 + (x1 - x0 - side) / 2, y: y0 + (y1 - y0 - side) / 2, width: side, height: side)
            let wanted = Laid(key: placement.key, rectangle: rectangle)
            guard laid[id] != wanted else { continue }
            let scaled = Self.bgra(image, side: side)
            pixels[id] = scaled
            do {
                try scaled.withUnsafeBytes { buffer in
                    try main.layBitmap(id: id, x: rectangle.x, y: rectangle.y, pixels: buffer.baseAddress!, width: side, height: side, stride: side * 4)
                }
                laid[id] = wanted
            } catch {
                logger.error("overlay-add for the logo \(placement.key): \(error)")
            }
        }
    }

    /// Forgets what was laid (the main player changed); takes it off `player` if given.
    func removeAll(from player: MPVPlayer?) {
        for id in laid.keys { try? player?.removeBitmap(id: id) }
        laid.removeAll()
        pixels.removeAll()
    }

    private func remove(_ id: Int, from main: MPVPlayer) {
        try? main.removeBitmap(id: id)
        laid[id] = nil
        pixels[id] = nil
    }

    /// `image` scaled to `side`² (bilinear), as premultiplied BGRA.
    static func bgra(_ image: LogoImage, side: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: side * side * 4)
        let scale = Double(image.width) / Double(side)
        for y in 0..<side {
            let sy = max(0, (Double(y) + 0.5) * scale - 0.5)
            let y0 = min(Int(sy), image.height - 1), y1 = min(y0 + 1, image.height - 1), fy = sy - Double(y0)
            for x in 0..<side {
                let sx = max(0, (Double(x) + 0.5) * scale - 0.5)
                let x0 = min(Int(sx), image.width - 1), x1 = min(x0 + 1, image.width - 1), fx = sx - Double(x0)
                var channels = [0.0, 0.0, 0.0, 0.0]
                for (px, py, weight) in [(x0, y0, (1 - fx) * (1 - fy)), (x1, y0, fx * (1 - fy)), (x0, y1, (1 - fx) * fy), (x1, y1, fx * fy)] {
                    let i = (py * image.width + px) * 4
                    let alpha = Double(image.rgba[i + 3]) / 255
                    for c in 0..<3 { channels[c] += Double(image.rgba[i + c]) * alpha * weight }
                    channels[3] += alpha * weight
                }
                let o = (y * side + x) * 4
                out[o] = UInt8(min(255, channels[2].rounded()))
                out[o + 1] = UInt8(min(255, channels[1].rounded()))
                out[o + 2] = UInt8(min(255, channels[0].rounded()))
                out[o + 3] = UInt8(min(255, (channels[3] * 255).rounded()))
            }
        }
        return out
    }
}
