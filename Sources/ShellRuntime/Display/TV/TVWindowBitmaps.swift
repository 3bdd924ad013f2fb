import Logging
import MPVClient
import ShellCore

/// The TV output's second pictures: the players behind the screen's
/// windows (picture in picture, the guide's preview or the Up Next still, a
/// warm flip target in the interstitial) render their frames off screen at
/// their window's pixel size, and each frame is laid on the main output
/// with `overlay-add` (BGRA from memory; mpv copies it), at the window's
/// pixel rectangle on the OSD. A window that goes takes its bitmap with it.
///
/// Run-loop thread only.
final class TVWindowBitmaps {
    /// A bitmap laid on the main output.
    struct Laid: Equatable {
        var x: Int, y: Int, width: Int, height: Int
    }

    private let logger: Logger
    /// What each slot's bitmap covers now.
    private(set) var laid: [PlayerSlot: Laid] = [:]
    /// Slots whose player has a frame not yet rendered.
    private var ready: Set<PlayerSlot> = []

    init(logger: Logger) {
        self.logger = logger
    }

    /// The slots whose players may show in a window, and their overlay ids
    /// (mpv's `overlay-add` ids, 0…63; the ASS screens are `osd-overlay` 1 or 2,
    /// another namespace).
    static let ids: [PlayerSlot: Int] = [.picture: 1, .preview: 2, .warmA: 3, .warmB: 4, .warmC: 12, .view0: 6, .view1: 7, .view2: 8, .view3: 9]

    /// The window on the screen a slot's player shows in.
    static func inset(_ slot: PlayerSlot) -> VideoInset? {
        switch slot {
        case .picture: .picture
        case .preview: .preview
        case .warmA, .warmB, .warmC: .interstitial
        case .view0: .view0
        case .view1: .view1
        case .view2: .view2
        case .view3: .view3
        case .main: nil
        }
    }

    var hasPendingFrames: Bool { !ready.isEmpty }
    /// The slots with a new frame to render at the next `lay`.
    var pendingSlots: Set<PlayerSlot> { ready }

    func frameReady(in slot: PlayerSlot) {
        if slot != .main { ready.insert(slot) }
    }

    /// The pixel rectangle of `slot`'s window in `layout` (nil: no window):
    /// its player renders at this size.
    static func rectangle(_ slot: PlayerSlot, layout: TVLayout, state: ShellState) -> Laid? {
        guard let inset = inset(slot) else { return nil }
        if PlayerSlot.warm.contains(slot), state.warmFlipTarget != slot { return nil }
        guard let window = layout.windows.first(where: { $0.inset == inset }) else { return nil }
        return pixels(window, layout)
    }

    /// The pixel rectangle of the part of `slot`'s window nothing was drawn
    /// over (`TVLayout.parts`: every window the layout lays has one): what
    /// of its picture is laid.
    static func part(_ slot: PlayerSlot, layout: TVLayout) -> Laid? {
        guard let inset = inset(slot), let part = layout.parts.first(where: { $0.inset == inset }) else { return nil }
        return pixels(part, layout)
    }

    private static func pixels(_ window: VideoWindow, _ layout: TVLayout) -> Laid? {
        let x0 = Int(layout.left + Double(window.x) * layout.cellWidth), y0 = Int(layout.top + Double(window.y) * layout.cellHeight)
        let x1 = Int(layout.left + Double(window.x + window.width) * layout.cellWidth)
        let y1 = Int(layout.top + Double(window.y + window.height) * layout.cellHeight)
        guard x1 > x0, y1 > y0 else { return nil }
        return Laid(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Renders every pending frame (always, so no player waits on us) and
    /// lays the windows' pictures on `main` where `layout` puts them:
    /// a new frame, or the current one again when its window moved.
    /// Returns the slots whose new frame went on the screen.
    func lay(on main: MPVPlayer, players: PlayerSlots, layout: TVLayout?, state: ShellState) -> Set<PlayerSlot> {
        var shown: Set<PlayerSlot> = []
        for (slot, id) in Self.ids.sorted(by: { $0.value < $1.value }) {
            let fresh = ready.contains(slot)
            let rectangle = layout.flatMap { Self.rectangle(slot, layout: $0, state: state) }
            guard let renderer = players.renderer(in: slot) else {
                if laid[slot] != nil { remove(slot, id: id, from: main) }
                continue
            }
            guard let rectangle else {
                if fresh { render(renderer, width: 64, height: 36) }
                if laid[slot] != nil { remove(slot, id: id, from: main) }
                continue
            }
            let resized = renderer.width != rectangle.width || renderer.height != rectangle.height
            // The frame is rendered at the whole window's size; only the
            // part nothing was drawn over is laid.
            let part = layout.flatMap { Self.part(slot, layout: $0) } ?? rectangle
            guard fresh || resized || laid[slot] != part else { continue }
            if fresh || resized {
                guard render(renderer, width: rectangle.width, height: rectangle.height) else { continue }
            }
            guard let pixels = renderer.pixels else { continue }
            let left = min(max(0, part.x - rectangle.x), renderer.width - 1), top = min(max(0, part.y - rectangle.y), renderer.height - 1)
            let width = min(part.width, renderer.width - left), height = min(part.height, renderer.height - top)
            do {
                try main.layBitmap(id: id, x: rectangle.x + left, y: rectangle.y + top, pixels: pixels + top * renderer.stride + left * 4,
                                   width: width, height: height, stride: renderer.stride)
                laid[slot] = part
                if fresh { shown.insert(slot) }
            } catch {
                logger.error("overlay-add for \(slot.rawValue): \(error)")
            }
        }
        ready.removeAll()
        return shown
    }

    /// Renders every pending frame small, laying none (there is no main
    /// output to lay them on): libmpv's off-screen outputs never wait on us.
    func drain(_ players: PlayerSlots) {
        for slot in ready {
            if let renderer = players.renderer(in: slot) { render(renderer, width: 64, height: 36) }
        }
        ready.removeAll()
    }

    /// Takes every bitmap off `player` (it leaves the main slot, or the
    /// screens are drawn again from scratch).
    func removeAll(from player: MPVPlayer?) {
        for (slot, id) in Self.ids where laid[slot] != nil {
            if let player { try? player.removeBitmap(id: id) }
        }
        laid.removeAll()
    }

    private func remove(_ slot: PlayerSlot, id: Int, from main: MPVPlayer) {
        do { try main.removeBitmap(id: id) } catch { logger.error("overlay-remove for \(slot.rawValue): \(error)") }
        laid[slot] = nil
    }

    /// Renders `renderer`'s frame as opaque BGRA (`bgr0` with its fourth
    /// bytes set: mpv blends `bgra` by its alpha).
    @discardableResult
    private func render(_ renderer: MPVSoftwareRenderer, width: Int, height: Int) -> Bool {
        do {
            try renderer.render(width: width, height: height, format: "bgr0")
        } catch {
            logger.error("\(error)")
            return false
        }
        renderer.reportSwap()
        guard let pixels = renderer.pixels else { return false }
        for row in 0..<renderer.height {
            let line = (pixels + row * renderer.stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<renderer.width { line[column] |= 0xFF00_0000 }
        }
        return true
    }
}

/// Where the last screens drawn on the TV put their cells and windows, in
/// the OSD's pixels.
struct TVLayout: Equatable {
    var left: Double, top: Double, cellWidth: Double, cellHeight: Double
    var windows: [VideoWindow]
    /// Of each window, the largest rectangle nothing was drawn over
    /// (`Screen.uncoveredPart(of:)`).
    var parts: [VideoWindow] = []
    var images: [ImagePlacement] = []
}
