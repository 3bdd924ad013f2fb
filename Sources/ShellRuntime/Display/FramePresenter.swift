import Foundation
import Logging
import MPVClient
import ShellCore
import TerminalUI

/// Puts the state and the picture on the terminal: builds the UI when it
/// looks different (`ShellView.frameKey`), renders the player's newest frame
/// at the pixels the terminal needs and hands it over, dropping frames the
/// terminal cannot take yet; and counts the frames of the current load that
/// were presented and dropped, as `Action.frame` (the counts are the
/// state's). The first frame of a load is told to automation once it is on
/// the terminal. The terminal's `Presenter`: cells always, images when the
/// terminal speaks kitty or sixel, video windows.
///
/// Run-loop thread only.
final class FramePresenter: Presenter {
    let terminal: NCursesTerminal
    private let store: Store
    private let theme: Theme
    private let context: ViewContext
    private let logger: Logger
    /// The software renderer of the player in a slot, if one runs there.
    weak var renderers: (any RendererSource)?
    /// The players: the main one draws the subtitles into an image picture.
    weak var players: PlayerSlots?
    /// Where mpv draws the subtitles into an image (kitty, sixel), above the
    /// screens' bottom block; a picture of cells has them drawn as text.
    private let subtitles: SubtitlePlacer
    /// The scrub thumbnail to draw.
    weak var thumbnails: ThumbnailService?
    var automation: (any AutomationPort)?
    private var state: ShellState { store.state }

    init(terminal: NCursesTerminal, store: Store, theme: Theme, context: ViewContext, logger: Logger) {
        self.terminal = terminal
        self.store = store
        self.theme = theme
        self.context = context
        self.logger = logger
        subtitles = SubtitlePlacer(logger: logger)
    }

    var capabilities: PresenterCapabilities {
        PresenterCapabilities(cells: true, images: terminal.picture != .cells, videoWindows: context.videoInTerminal)
    }

    var size: DisplaySize { DisplaySize(columns: terminal.width, rows: terminal.height) }

    /// Frames wait for the terminal to take them.
    var pendingOutput: Int32? { terminal.frames.isBusy ? terminal.frames.fd : nil }

    /// The terminal changed size: everything is drawn again and the
    /// picture rendered at the new pixel size.
    func resized() {
        terminal.resize()
        sizeChanged = true
        forceRedraw()
    }

    /// A new player took the old one's place: its frames start afresh.
    func playerReplaced() {
        frameReady = false
        renderedToken = nil
        subtitles.mainChanged(left: nil)
    }

    /// Two slots' players changed places: each renders its current frame
    /// again, at its new place's size.
    func playersExchanged(_ a: PlayerSlot, _ b: PlayerSlot) {
        if a == .main || b == .main { subtitles.mainChanged(left: players?[a == .main ? b : a]) }
        for slot in [a, b] {
            if slot == .main { frameReady = true } else { windowFrameReady.insert(slot) }
        }
        needsDraw = true
    }

    /// The player in `slot` has a new frame.
    func frameReady(in slot: PlayerSlot) {
        if slot == .main { frameReady = true } else { windowFrameReady.insert(slot) }
    }

    /// The pixel size the player in `slot` renders at (nil: the full screen's).
    func pixelSize(for slot: PlayerSlot) -> (width: Int, height: Int)? {
        if PlayerSlot.warm.contains(slot) {
            guard slot == state.warmFlipTarget, let window = terminal.window(.interstitial) else { return nil }
            return terminal.windowPixelSize(columns: window.width, rows: window.height)
        }
        if slot != .main, let window = terminal.window(Self.inset(slot)) {
            return terminal.windowPixelSize(columns: window.width, rows: window.height)
        }
        guard let cells = PictureLayout.videoSize(slot, columns: terminal.width, rows: terminal.height) else {
            return slot == .main ? terminal.videoPixelSize : nil
        }
        return terminal.windowPixelSize(columns: cells.columns, rows: cells.rows)
    }

    /// The scrub thumbnail at the pixels its window has in this terminal.
    var thumbnailFormat: (width: Int, height: Int, layout: String)? {
        guard context.videoInTerminal else { return nil }
        let cells = ThumbnailLayout.size(columns: terminal.width)
        let size = terminal.windowPixelSize(columns: cells.columns, rows: cells.rows)
        return (size.width, size.height, "rgb0")
    }

    /// A new thumbnail to draw.
    private var thumbnailReady = false

    func thumbnailChanged() {
        thumbnailReady = true
        needsDraw = true
    }

    /// The state changed: the UI is built again (if it looks different).
    var needsDraw = true
    /// The player has a new frame to render.
    var frameReady = false
    /// The first frame of a load was drawn in this pass: tell automation
    /// clients once it is on the terminal.
    private var pendingFirstFrameEvent = false
    /// Frames presented (the main player's and the windows') not yet told
    /// to the store.
    private var tally = FrameTally()
    /// What the last drawn frame showed, to skip rebuilding an equal one.
    private var lastDrawn: FrameKey?
    private var lastDrawnWidth = 0
    private var lastDrawnHeight = 0
    /// A frame was dropped since the last one sent.
    private var frameBehind = false
    /// Window players with a new frame to render.
    private var windowFrameReady: Set<PlayerSlot> = []
    /// Window players whose newest frame was dropped (sent once the terminal catches up).
    private var windowBehind: Set<PlayerSlot> = []
    /// Warm players whose new frame was rendered in this pass (never
    /// counted, so `renderWindowFrames` does not return them): a flip
    /// target's goes into the interstitial's window.
    private var renderedWarm: Set<PlayerSlot> = []

    /// The load whose video the render buffer holds (a frame rendered under
    /// the interstitial is shown as soon as the player screen returns).
    private var renderedToken: Int?
    /// The load of each window's frame rendered before it could count: its
    /// video not yet told configured (mpv may draw a still's one frame
    /// before its VIDEO_RECONFIG event is read) or its window not yet up.
    /// Rendered again, and counted, as soon as it can be (`recountEarlyFrames`).
    private var earlyFrames: [PlayerSlot: Int] = [:]
    private var sizeChanged = false

    /// Seconds a frame may wait at a stretch for the terminal to take any
    /// of it before its catching up repaints the whole screen (a terminal
    /// stopped or a link stalled that long may show anything: a full
    /// picture is the sure way back). A slow link that takes a little at a
    /// time never triggers it, however long its frames take.
    static let stallRepaint = 1.0

    /// The terminal forgot what it showed: the next pass draws everything.
    func forceRedraw() {
        lastDrawn = nil
        needsDraw = true
    }

    /// Draws what changed: a new frame, the UI when it looks different.
    func draw() {
        guard needsDraw || frameReady || !windowFrameReady.isEmpty || thumbnailReady else { return }
        recountEarlyFrames()
        var rendered = renderFrameIfReady()
        let windowFrames = renderWindowFrames()
        if sizeChanged {
            sizeChanged = false
            rendered = rerenderAfterResize() || rendered
        }
        if terminal.frames.isBusy {
            if rendered {
                terminal.dropFrame()
                noteDroppedFrame()
            }
            for slot in windowFrames { noteDroppedWindowFrame(slot) }
            return
        }
        let visible = ShellView.frameKey(state, width: terminal.width)
        var uiChanged = false
        if screenDiffers(visible) {
            let (screen, spot) = ShellView.compose(state, theme: theme, width: terminal.width, height: terminal.height, context: context)
            if let spot, spot != state.picture.pip?.spot { store.send(.pictureDrawn(spot)) }
            uiChanged = terminal.draw(screen) || lastDrawn == nil
            if let rows = terminal.picture.imageRows(terminal.height) {
                subtitles.place(SubtitlePlace.position(screen, top: 0, cellHeight: 1, outputHeight: rows), on: players?[.main])
            }
            lastDrawn = visible
            lastDrawnWidth = terminal.width
            lastDrawnHeight = terminal.height
        }
        // The newest frame, dropped while this screen waited (`outputReady`
        // leaves it to this pass), goes out with it as a new frame: a kitty
        // image is sent again only for one. Either way this pass hands the
        // newest frame over, so none is behind unless it is dropped again
        // (`outputReady` would otherwise send the same frame twice).
        let catchUp = frameBehind && !rendered && state.screen == .player && state.playback.firstFramePresented
        frameBehind = false
        if rendered || uiChanged || catchUp, blitLatestFrame(newFrame: rendered || catchUp), catchUp {
            store.send(.frame(.resent, token: state.playback.token, at: MonotonicClock.now()))
        }
        for slot in [PlayerSlot.picture, .preview] + PlayerSlot.views + [state.warmFlipTarget].compactMap({ $0 })
        where windowFrames.contains(slot) || uiChanged || renderedWarm.contains(slot) {
            let resized = rerenderForWindow(slot)
            blitWindow(slot, newFrame: windowFrames.contains(slot) || resized)
        }
        if thumbnailReady || uiChanged { blitThumbnail(newFrame: thumbnailReady) }
        terminal.closeUpdate()
        needsDraw = false
        if pendingFirstFrameEvent {
            pendingFirstFrameEvent = false
            automation?.broadcast(event: "first-frame", fields: ["url": state.currentItem?.url ?? ""])
        }
    }

    /// Whether the screen `visible` differs from the one last drawn.
    private func screenDiffers(_ visible: FrameKey) -> Bool {
        visible != lastDrawn || terminal.width != lastDrawnWidth || terminal.height != lastDrawnHeight
    }

    /// Renders the pending video frame at the terminal's pixel size, always,
    /// so libmpv's video output never waits on us. It counts as presented
    /// (and the first one is reported) only once the player has configured
    /// its video for the current load (before that the picture is the
    /// previous item's) and the player screen is up, and not while a warm
    /// neighbour swapped in seeks to the live edge (its frame would be the
    /// one it was paused on); a frame rendered under the interstitial is
    /// presented when the player screen returns.
    private func renderFrameIfReady() -> Bool {
        guard let renderer = renderers?.renderer(in: .main) else { return false }
        if frameReady {
            frameReady = false
            do {
                try renderer.render(width: terminal.videoPixelSize.width, height: terminal.videoPixelSize.height)
            } catch {
                logger.error("\(error)")
                return false
            }
            renderer.reportSwap()
            if state.playback.videoConfigured && state.playback.phase != .idle {
                renderedToken = state.playback.token
            }
        } else if !(state.screen == .player && !state.playback.firstFramePresented && renderedToken == state.playback.token) {
            return false
        }
        guard state.screen == .player, state.playback.videoConfigured, state.playback.phase != .idle,
              renderedToken == state.playback.token, state.playback.firstFramePresented || !state.playback.seekPending else { return false }
        if !state.playback.firstFramePresented { pendingFirstFrameEvent = true }
        tally.presented(state.playback, to: store, at: MonotonicClock.now())
        return true
    }

    /// Asks for a window's frame rendered before it could count
    /// (`earlyFrames`) to be rendered again once its load's video is
    /// configured and its window up: mpv's current frame is then the
    /// load's, and counts as its first. A still (the Up Next card's image)
    /// has no other frame to count.
    private func recountEarlyFrames() {
        for (slot, token) in earlyFrames {
            guard let playback = state.playback(in: slot), playback.token == token, !playback.firstFramePresented, playback.phase != .idle else {
                earlyFrames[slot] = nil
                continue
            }
            if windowPlayback(slot) != nil {
                earlyFrames[slot] = nil
                windowFrameReady.insert(slot)
            }
        }
    }

    func tellFrames() {
        tally.tellAll(to: store, at: MonotonicClock.now())
    }

    /// Hands the render buffer's frame to the terminal. A frame the terminal
    /// cannot take yet is dropped, and marked so the newest one is sent as
    /// soon as the terminal catches up. (While a frame is still going out,
    /// `draw` holds the UI back too, so the loop never waits on the terminal.)
    @discardableResult
    private func blitLatestFrame(newFrame: Bool = true) -> Bool {
        guard let renderer = renderers?.renderer(in: .main), let pixels = renderer.pixels,
              renderer.width == terminal.videoPixelSize.width, renderer.height == terminal.videoPixelSize.height else { return false }
        guard terminal.blit(pixels: pixels, stride: renderer.stride, newFrame: newFrame) != .dropped else {
            noteDroppedFrame()
            return false
        }
        return true
    }

    /// A frame the terminal could not take yet: counted, and the newest one
    /// goes out when the terminal catches up.
    private func noteDroppedFrame() {
        frameBehind = true
        store.send(.frame(.dropped, token: state.playback.token, at: MonotonicClock.now()))
    }

    /// The terminal took the rest of a frame: if newer ones were dropped
    /// meanwhile, the newest is sent now.
    func outputReady() {
        guard terminal.frames.resume() else { return }
        terminal.frameCompleted()
        if terminal.frames.longestWait > Self.stallRepaint {
            terminal.recoverAfterStall()
            forceRedraw()
            frameBehind = false
            windowBehind = []
            return
        }
        // A screen that changed goes first: the next `draw` puts it up with
        // the newest frames. Sending a frame here would keep the terminal
        // busy, and the screen waiting, for as long as frames come faster
        // than the terminal takes them (sixel over a slow link).
        guard !needsDraw || !screenDiffers(ShellView.frameKey(state, width: terminal.width)) else { return }
        if frameBehind {
            frameBehind = false
            if state.screen == .player && state.playback.firstFramePresented && blitLatestFrame() {
                store.send(.frame(.resent, token: state.playback.token, at: MonotonicClock.now()))
            }
        }
        if thumbnailReady, !terminal.frames.isBusy { blitThumbnail(newFrame: true) }
        for slot in windowBehind.sorted(by: { $0.rawValue < $1.rawValue }) where !terminal.frames.isBusy {
            windowBehind.remove(slot)
            if blitWindow(slot, newFrame: true, counting: false), let token = windowToken(slot) {
                store.send(.frame(.resent, token: token, at: MonotonicClock.now()))
            }
        }
    }

    // MARK: - Windows (picture in picture, the guide's preview, a warm flip target)

    private static func inset(_ slot: PlayerSlot) -> VideoInset {
        switch slot {
        case .picture: .picture
        case .preview: .preview
        case .view0: .view0
        case .view1: .view1
        case .view2: .view2
        case .view3: .view3
        default: .interstitial
        }
    }

    /// The load a window's player shows, when its frames count: the load's
    /// video is configured and the window is on screen.
    private func windowToken(_ slot: PlayerSlot) -> Int? { windowPlayback(slot)?.token }

    /// The playback of a window's player, when its frames count (`windowToken`).
    private func windowPlayback(_ slot: PlayerSlot) -> PlaybackState? {
        guard slot == .picture || slot == .preview || PlayerSlot.views.contains(slot) else { return nil }
        let playback = state.playback(in: slot)
        guard let playback, playback.videoConfigured, playback.phase != .idle,
              terminal.window(Self.inset(slot)) != nil else { return nil }
        return playback
    }

    /// Renders the window players' pending frames, always (so libmpv never
    /// waits on us), at their window's pixel size. Returns the slots whose
    /// frame counts (its window is up): each is counted rendered here.
    private func renderWindowFrames() -> Set<PlayerSlot> {
        var counted: Set<PlayerSlot> = []
        renderedWarm = []
        for slot in windowFrameReady {
            guard let renderer = renderers?.renderer(in: slot) else { continue }
            let size = pixelSize(for: slot) ?? (64, 36)
            do {
                try renderer.render(width: size.width, height: size.height)
            } catch {
                logger.error("\(error)")
                continue
            }
            renderer.reportSwap()
            if PlayerSlot.warm.contains(slot) { renderedWarm.insert(slot) }
            if let playback = windowPlayback(slot) {
                counted.insert(slot)
                tally.presented(playback, to: store, at: MonotonicClock.now())
            } else if !PlayerSlot.warm.contains(slot), let playback = state.playback(in: slot), playback.phase != .idle, !playback.firstFramePresented {
                earlyFrames[slot] = playback.token
            }
        }
        windowFrameReady.removeAll()
        return counted
    }

    /// Hands a window player's frame to the terminal; a frame it cannot
    /// take yet is counted dropped (when `counting`) and sent once it can.
    @discardableResult
    private func blitWindow(_ slot: PlayerSlot, newFrame: Bool, counting: Bool = true) -> Bool {
        guard let renderer = renderers?.renderer(in: slot), let pixels = renderer.pixels else { return false }
        switch terminal.blitWindow(Self.inset(slot), pixels: pixels, stride: renderer.stride, width: renderer.width, height: renderer.height,
                                   newFrame: newFrame) {
        case .dropped:
            if newFrame && counting { noteDroppedWindowFrame(slot) } else { windowBehind.insert(slot) }
            return false
        case .sent, .unchanged:
            return true
        }
    }

    /// Hands the scrub thumbnail to its window (when the window is up at
    /// the thumbnail's size); one the terminal cannot take yet goes when it can.
    private func blitThumbnail(newFrame: Bool) {
        guard let image = thumbnails?.image, terminal.window(.thumbnail) != nil else { return }
        let outcome = image.pixels.withUnsafeBytes { bytes in
            terminal.blitWindow(.thumbnail, pixels: bytes.baseAddress!, stride: image.stride, width: image.width, height: image.height, newFrame: newFrame)
        }
        thumbnailReady = outcome == .dropped
    }

    private func noteDroppedWindowFrame(_ slot: PlayerSlot) {
        windowBehind.insert(slot)
        guard let token = windowToken(slot) else { return }
        store.send(.frame(.dropped, token: token, at: MonotonicClock.now()))
    }

    /// Renders a window player's current frame again when its window is
    /// up at another size than the frame (the window came up after the
    /// frame, as a still's one frame does, or changed size); true if it did.
    private func rerenderForWindow(_ slot: PlayerSlot) -> Bool {
        guard let renderer = renderers?.renderer(in: slot), renderer.pixels != nil, terminal.window(Self.inset(slot)) != nil,
              let size = pixelSize(for: slot), size.width != renderer.width || size.height != renderer.height else { return false }
        do {
            try renderer.render(width: size.width, height: size.height)
            return true
        } catch {
            logger.error("\(error)")
            return false
        }
    }

    /// Renders the current frame again at the new size (not a new frame).
    private func rerenderAfterResize() -> Bool {
        guard let renderer = renderers?.renderer(in: .main), state.playback.firstFramePresented, state.screen == .player else { return false }
        do {
            try renderer.render(width: terminal.videoPixelSize.width, height: terminal.videoPixelSize.height)
            return true
        } catch {
            logger.error("\(error)")
            return false
        }
    }
}
