import Foundation
import Logging
import ShellCore

/// The TV's `Presenter`: mpv draws the picture itself, full screen; the
/// shell's screens, rendered from the same state and views as in the
/// terminal on a ten-foot grid (`ASSFrame.grid`), are put on its OSD as ASS
/// events (`osd-overlay`), sent again only when they change; the pictures
/// of its windows (picture in picture, the guide's preview, the Up Next
/// still, a warm flip target) are laid on as bitmaps (`TVWindowBitmaps`).
/// Drawing never waits on the video. Run-loop thread only.
final class TVPresenter: Presenter {
    let capabilities = PresenterCapabilities(cells: true, images: false, videoWindows: false)
    private let store: Store
    private let theme: Theme
    private let context: ViewContext
    private let logger: Logger
    private let columns: Int
    private let safeArea: Double
    /// The players; the overlay goes on the main one.
    weak var players: PlayerSlots?
    var needsDraw = true
    /// What the OSD shows now, and at what size.
    private var shown: (events: String, width: Int, height: Int)?
    /// What the last screens were drawn from: a state that looks the same
    /// (a position report that moves no label) is not drawn again.
    private var drawnFrom: FrameKey?
    /// When the output's size was last asked for.
    private var sizeLookedAt = 0.0
    /// Where mpv draws the subtitles, above the screens' bottom block.
    private let subtitles: SubtitlePlacer
    /// Overlays sent so far (`get_state.tv.osd_updates`).
    private(set) var updates = 0
    /// When the overlay is made afresh, to free libass's caches.
    private var renewal = OSDRenewal()
    private(set) var outputSize: (width: Int, height: Int)?
    /// The second pictures laid on the main output.
    private let bitmaps: TVWindowBitmaps
    /// The logos laid on it (nil: no logos at the TV's size).
    private let images: TVImageBitmaps?
    /// Where the last screens put their cells and windows.
    private var layout: TVLayout?
    /// The scrub thumbnail to lay on.
    weak var thumbnails: ThumbnailService?
    /// Where the thumbnail is laid now (nil: it is not).
    private var thumbnailLaid: TVWindowBitmaps.Laid?
    /// A new thumbnail to lay on.
    private var thumbnailReady = false
    /// `overlay-add`'s id for the thumbnail (after `TVWindowBitmaps.ids`).
    static let thumbnailID = 5
    /// The windows' frames laid on and not yet told to the store.
    private var tally = FrameTally()
    /// The load of each window's frame drawn before it could count: its
    /// video not yet told configured (mpv may draw a still's one frame
    /// before its VIDEO_RECONFIG event is read) or its window not yet up.
    /// Rendered and laid again, and counted, as soon as it can be
    /// (`recountEarlyFrames`).
    private var earlyFrames: [PlayerSlot: Int] = [:]
    /// The X session mpv's window is in: its focus, the screen saver (nil:
    /// not an X display).
    private let x11: X11Session?

    init(store: Store, theme: Theme, context: ViewContext, logger: Logger, logos: LogoBitmaps? = nil, columns: Int = 60, safeArea: Double = 0.05) {
        self.store = store
        self.theme = theme
        self.context = context
        self.logger = logger
        self.columns = columns
        self.safeArea = safeArea
        bitmaps = TVWindowBitmaps(logger: logger)
        subtitles = SubtitlePlacer(logger: logger)
        images = logos.map { TVImageBitmaps(logos: $0, logger: logger) }
        x11 = X11Session(logger: logger, now: MonotonicClock.now().seconds)
    }

    var size: DisplaySize {
        guard let outputSize else { return DisplaySize(columns: columns, rows: 18) }
        let grid = ASSFrame.grid(width: outputSize.width, height: outputSize.height, columns: columns, safeArea: safeArea)
        return DisplaySize(columns: grid.columns, rows: grid.rows)
    }

    func draw() {
        x11?.lookAtFocus(now: MonotonicClock.now().seconds)
        reportFirstFrame()
        guard let player = players?[.main] else {
            // No window to draw on (its player could not start): the other
            // players' frames are still taken, so none of them stalls, and a
            // main player is tried again.
            if let players {
                bitmaps.drain(players)
                players.ensureMainPlayer(now: MonotonicClock.now().seconds)
            }
            return
        }
        if needsDraw {
            drawScreens(on: player)
            images?.lay(on: player, layout: layout)
        }
        layThumbnail(on: player)
        guard let players, layout != nil || bitmaps.hasPendingFrames || !bitmaps.laid.isEmpty else { return }
        let state = store.state
        recountEarlyFrames(state)
        let fresh = bitmaps.pendingSlots
        let shown = bitmaps.lay(on: player, players: players, layout: layout, state: state)
        for slot in fresh {
            guard let playback = state.playback(in: slot), playback.phase != .idle else { continue }
            if shown.contains(slot), playback.videoConfigured {
                tally.presented(playback, to: store, at: MonotonicClock.now())
            } else if !PlayerSlot.warm.contains(slot), !playback.firstFramePresented {
                earlyFrames[slot] = playback.token
            }
        }
    }

    /// Asks for a window's frame drawn before it could count
    /// (`earlyFrames`) to be rendered and laid again once its load's video
    /// is configured and its window up: mpv's current frame is then the
    /// load's, and counts as its first. A still (the Up Next card's image)
    /// has no other frame to count.
    private func recountEarlyFrames(_ state: ShellState) {
        for (slot, token) in earlyFrames {
            guard let playback = state.playback(in: slot), playback.token == token, !playback.firstFramePresented, playback.phase != .idle else {
                earlyFrames[slot] = nil
                continue
            }
            if playback.videoConfigured, let layout, TVWindowBitmaps.rectangle(slot, layout: layout, state: state) != nil {
                earlyFrames[slot] = nil
                bitmaps.frameReady(in: slot)
            }
        }
    }

    func tellFrames() {
        tally.tellAll(to: store, at: MonotonicClock.now())
    }

    /// The scrub thumbnail at the pixels its window has on the TV's grid.
    var thumbnailFormat: (width: Int, height: Int, layout: String)? {
        guard let layout else { return nil }
        let cells = ThumbnailLayout.size(columns: size.columns)
        return (Int(Double(cells.columns) * layout.cellWidth), Int(Double(cells.rows) * layout.cellHeight), "bgr0")
    }

    func thumbnailChanged() {
        thumbnailReady = true
        needsDraw = true
    }

    /// Lays the thumbnail on `main` at its window, when it is new or its
    /// window moved; takes it off when the window goes.
    private func layThumbnail(on main: MPVPlayer) {
        let window = layout?.windows.first { $0.inset == .thumbnail }
        guard let layout, let window, let image = thumbnails?.image else {
            if thumbnailLaid != nil {
                try? main.removeBitmap(id: Self.thumbnailID)
                thumbnailLaid = nil
            }
            return
        }
        let rectangle = TVWindowBitmaps.Laid(x: Int(layout.left + Double(window.x) * layout.cellWidth), y: Int(layout.top + Double(window.y) * layout.cellHeight),
                                             width: image.width, height: image.height)
        guard thumbnailReady || rectangle != thumbnailLaid else { return }
        thumbnailReady = false
        do {
            try image.pixels.withUnsafeBytes { bytes in
                try main.layBitmap(id: Self.thumbnailID, x: rectangle.x, y: rectangle.y, pixels: bytes.baseAddress!, width: image.width,
                                   height: image.height, stride: image.stride)
            }
            thumbnailLaid = rectangle
        } catch {
            logger.error("overlay-add for the thumbnail: \(error)")
        }
    }

    /// The screens on the OSD, when they look different.
    private func drawScreens(on player: MPVPlayer) {
        let now = MonotonicClock.now().seconds
        if outputSize == nil || now - sizeLookedAt >= 1 {
            // The output's size is asked of mpv once a second at most (a
            // window may be resized; nothing tells).
            sizeLookedAt = now
            guard let looked = player.osdSize else { return }
            if let old = outputSize, old != looked { forceRedraw() }
            outputSize = looked
        }
        guard let output = outputSize else { return }
        let grid = size
        let key = ShellView.frameKey(store.state, width: grid.columns)
        if shown != nil, key == drawnFrom {
            needsDraw = false
            return
        }
        drawnFrom = key
        let (screen, spot) = ShellView.compose(store.state, theme: theme, width: grid.columns, height: grid.rows, context: context)
        if let spot, spot != store.state.picture.pip?.spot { store.send(.pictureDrawn(spot)) }
        let frame = ASSFrame(screen, width: output.width, height: output.height, safeArea: safeArea)
        // Of each window only the largest part nothing was drawn over is
        // laid (none: the window is not): its bitmap would cover what is on
        // it (the help or a dialog over the guide's preview or the picture,
        // a badge over a view's corner), where the terminal paints only the
        // cells still the window's.
        let laid = screen.windows.compactMap { window in screen.uncoveredPart(of: window).map { (window, $0) } }
        layout = TVLayout(left: frame.left, top: frame.top, cellWidth: frame.cellWidth, cellHeight: frame.cellHeight,
                          windows: laid.map(\.0), parts: laid.map(\.1), images: screen.images)
        subtitles.place(SubtitlePlace.position(screen, top: frame.top, cellHeight: frame.cellHeight, outputHeight: output.height), on: player)
        needsDraw = false
        if let shown, shown.events == frame.events, shown.width == output.width, shown.height == output.height { return }
        do {
            let old = renewal.id
            if frame.events.isEmpty {
                renewal.removed()
                try player.showOverlay("", width: 0, height: 0, id: old)
            } else if renewal.next(frame.events) {
                // The new overlay goes on before the old one comes off, so
                // no frame of the picture is shown without the screens.
                try player.showOverlay(frame.events, width: output.width, height: output.height, id: renewal.id)
                try player.showOverlay("", width: 0, height: 0, id: old)
                logger.debug("the OSD overlay made afresh as overlay \(renewal.id) (libass's caches freed)")
            } else {
                try player.showOverlay(frame.events, width: output.width, height: output.height, id: old)
            }
            shown = (frame.events, output.width, output.height)
            updates += 1
        } catch {
            logger.error("the OSD overlay: \(error)")
        }
    }

    /// mpv shows the picture itself: once the load plays with its video
    /// configured and a video track chosen, its first frame is on the screen
    /// (the views then leave the picture clear instead of the loading card).
    /// A load with no video track (a radio channel) has none: mpv's window
    /// is configured all the same, and shows nothing, so its title card
    /// ("Audio only") stays, as in the terminal.
    private func reportFirstFrame() {
        let playback = store.state.playback
        guard playback.phase == .playing, playback.videoConfigured, !playback.firstFramePresented,
              playback.tracks.contains(where: { $0.kind == .video && $0.selected }) else { return }
        store.send(.frame(.rendered, token: playback.token, at: MonotonicClock.now()))
    }

    func frameReady(in slot: PlayerSlot) { bitmaps.frameReady(in: slot) }

    func pixelSize(for slot: PlayerSlot) -> (width: Int, height: Int)? {
        if slot == .main { return outputSize }
        guard let layout, let rectangle = TVWindowBitmaps.rectangle(slot, layout: layout, state: store.state) else { return nil }
        return (rectangle.width, rectangle.height)
    }

    /// The player that left the main slot renders off screen now: the
    /// screens and bitmaps laid on it go (its frames would carry them), and
    /// are laid on the new main one.
    func playersExchanged(_ a: PlayerSlot, _ b: PlayerSlot) {
        guard a == .main || b == .main else { return }
        let left = players?[a == .main ? b : a]
        for id in OSDRenewal.ids { try? left?.showOverlay("", width: 0, height: 0, id: id) }
        subtitles.mainChanged(left: left)
        renewal.removed()
        if thumbnailLaid != nil { try? left?.removeBitmap(id: Self.thumbnailID) }
        thumbnailLaid = nil
        bitmaps.removeAll(from: left)
        images?.removeAll(from: left)
        forceRedraw()
        x11?.windowMayChange(now: MonotonicClock.now().seconds)
    }

    /// The main player died and a new one took its place: nothing is laid on it yet.
    func playerReplaced() {
        renewal.removed()
        subtitles.mainChanged(left: nil)
        thumbnailLaid = nil
        bitmaps.removeAll(from: nil)
        images?.removeAll(from: nil)
        forceRedraw()
        x11?.windowMayChange(now: MonotonicClock.now().seconds)
    }

    func forceRedraw() {
        shown = nil
        drawnFrom = nil
        layout = nil
        needsDraw = true
    }

    func resized() { forceRedraw() }

    func viewerActed() { x11?.viewerActed() }

    var pendingOutput: Int32? { nil }

    /// `get_state.tv`: the output mpv draws on, its size, the overlays sent,
    /// the times the overlay was made afresh (`OSDRenewal`), the bitmaps
    /// laid on (slot and pixel rectangle; a channel logo's slot is `logo`,
    /// the scrub thumbnail's `thumbnail`).
    var report: [String: Any] {
        var output: Any = NSNull()
        if let main = players?[.main], main.showsWindow, outputSize != nil {
            // mpv names its output once it shows something (`current-vo`);
            // an idle window's is told by where it opened.
            let vo = (try? main.propertyString("current-vo")) ?? ""
            let environment = ProcessInfo.processInfo.environment
            output = vo == "drm" ? "drm" : vo == "x11" ? "x11"
                : !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty ? "wayland" : !(environment["DISPLAY"] ?? "").isEmpty ? "x11" : "drm"
        }
        return ["output": output, "width": outputSize?.width ?? 0, "height": outputSize?.height ?? 0, "osd_updates": updates, "osd_renewals": renewal.renewals,
                "overlays": bitmaps.laid.sorted { $0.key.rawValue < $1.key.rawValue }.map { slot, laid in
                    ["slot": slot.rawValue, "x": laid.x, "y": laid.y, "w": laid.width, "h": laid.height] as [String: Any]
                } + [thumbnailLaid].compactMap { $0 }.map { laid in
                    ["slot": "thumbnail", "x": laid.x, "y": laid.y, "w": laid.width, "h": laid.height] as [String: Any]
                } + (images?.rectangles ?? []).map { laid in
                    ["slot": "logo", "x": laid.x, "y": laid.y, "w": laid.width, "h": laid.height] as [String: Any]
                }]
    }

    /// Until mpv's output is up (its OSD has a size), the screens wait;
    /// while the window has no player, the loop comes back for the next try
    /// (`ensureMainPlayer`); while mpv's window may be opening, for the next
    /// look at its focus (`X11Session`).
    var retryDelay: Int32? {
        if needsDraw || bitmaps.hasPendingFrames || thumbnailReady { return 50 }
        let focusLook = x11?.delay(now: MonotonicClock.now().seconds)
        return players != nil && players?[.main] == nil ? min(250, focusLook ?? 250) : focusLook
    }

    func outputReady() {}
}
