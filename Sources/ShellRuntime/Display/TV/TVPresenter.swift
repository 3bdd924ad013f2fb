import Foundation
import Logging
import ShellCore

/// The TV's `Presenter`: mpv draws the picture itself, full screen; the
/// shell's screens, rendered from the same state and views as in the
/// terminal on a ten-foot grid (`ASSFrame.grid`), are put on its OSD as ASS
/// events (`osd-overlay`), sent again only when they change. Drawing never
/// waits on the video. Run-loop thread only.
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
    /// Overlays sent so far (`get_state.tv.osd_updates`).
    private(set) var updates = 0
    private(set) var outputSize: (width: Int, height: Int)?

    init(store: Store, theme: Theme, context: ViewContext, logger: Logger, columns: Int = 60, safeArea: Double = 0.05) {
        self.store = store
        self.theme = theme
        self.context = context
        self.logger = logger
        self.columns = columns
        self.safeArea = safeArea
    }

    var size: DisplaySize {
        guard let outputSize else { return DisplaySize(columns: columns, rows: 18) }
        let grid = ASSFrame.grid(width: outputSize.width, height: outputSize.height, columns: columns, safeArea: safeArea)
        return DisplaySize(columns: grid.columns, rows: grid.rows)
    }

    func draw() {
        reportFirstFrame()
        guard needsDraw, let player = players?[.main] else { return }
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
        let screen = ShellView.render(store.state, theme: theme, width: grid.columns, height: grid.rows, context: context)
        let frame = ASSFrame(screen, width: output.width, height: output.height, safeArea: safeArea)
        needsDraw = false
        if let shown, shown.events == frame.events, shown.width == output.width, shown.height == output.height { return }
        do {
            try player.showOverlay(frame.events, width: output.width, height: output.height)
            shown = (frame.events, output.width, output.height)
            updates += 1
        } catch {
            logger.error("the OSD overlay: \(error)")
        }
    }

    /// mpv shows the picture itself: once the load plays with its video
    /// configured, its first frame is on the screen (the views then leave
    /// the picture clear instead of the loading card).
    private func reportFirstFrame() {
        let playback = store.state.playback
        guard playback.phase == .playing, playback.videoConfigured, !playback.firstFramePresented else { return }
        store.send(.frame(.rendered, token: playback.token, at: MonotonicClock.now()))
    }

    func frameReady(in slot: PlayerSlot) {}

    func pixelSize(for slot: PlayerSlot) -> (width: Int, height: Int)? { slot == .main ? outputSize : nil }

    func playersExchanged(_ a: PlayerSlot, _ b: PlayerSlot) { forceRedraw() }

    func playerReplaced() { forceRedraw() }

    func forceRedraw() {
        shown = nil
        drawnFrom = nil
        needsDraw = true
    }

    func resized() { forceRedraw() }

    var pendingOutput: Int32? { nil }

    /// `get_state.tv`: the output mpv draws on, its size, the overlays sent,
    /// the bitmaps laid on (none yet).
    var report: [String: Any] {
        var output: Any = NSNull()
        if let vo = try? players?[.main]?.propertyString("current-vo"), !vo.isEmpty {
            let environment = ProcessInfo.processInfo.environment
            output = vo == "drm" ? "drm" : vo == "x11" ? "x11"
                : !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty ? "wayland" : !(environment["DISPLAY"] ?? "").isEmpty ? "x11" : "drm"
        }
        return ["output": output, "width": outputSize?.width ?? 0, "height": outputSize?.height ?? 0, "osd_updates": updates,
                "overlays": [] as [Any]]
    }

    /// Until mpv's output is up (its OSD has a size), the screens wait.
    var retryDelay: Int32? { needsDraw ? 50 : nil }

    func outputReady() {}
}
