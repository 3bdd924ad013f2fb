import Foundation
import Logging
import MPVClient
import ShellCore
import ShellView
import TerminalUI

/// Puts the state and the picture on the terminal: builds the UI when it
/// looks different (`ShellView.frameKey`), renders the player's newest frame
/// at the pixels the terminal needs and hands it over, dropping frames the
/// terminal cannot take yet; and counts the frames of the current load that
/// were presented and dropped, as `Action.frame` (the counts are the
/// state's). The first frame of a load is told to automation once it is on
/// the terminal.
///
/// Run-loop thread only.
final class FramePresenter {
    let terminal: NCursesTerminal
    private let store: Store
    private let theme: Theme
    private let context: ViewContext
    private let logger: Logger
    /// The player's software renderer, if a player with one runs.
    var renderer: () -> MPVSoftwareRenderer? = { nil }
    var automation: (any AutomationPort)?
    private var state: ShellState { store.state }

    init(terminal: NCursesTerminal, store: Store, theme: Theme, context: ViewContext, logger: Logger) {
        self.terminal = terminal
        self.store = store
        self.theme = theme
        self.context = context
        self.logger = logger
    }

    /// The terminal changed size: everything is drawn again and the
    /// picture rendered at the new pixel size.
    func terminalResized() {
        terminal.resize()
        resized = true
        forceRedraw()
    }

    /// A new player took the old one's place: its frames start afresh.
    func playerReplaced() {
        frameReady = false
        renderedToken = nil
    }

    /// The state changed: the UI is built again (if it looks different).
    var needsDraw = true
    /// The player has a new frame to render.
    var frameReady = false
    /// The first frame of a load was drawn in this pass: tell automation
    /// clients once it is on the terminal.
    private var pendingFirstFrameEvent = false
    /// What the last drawn frame showed, to skip rebuilding an equal one.
    private var lastDrawn: FrameKey?
    private var lastDrawnWidth = 0
    private var lastDrawnHeight = 0
    /// A frame was dropped since the last one sent.
    private var frameBehind = false

    /// The load whose video the render buffer holds (a frame rendered under
    /// the interstitial is shown as soon as the player screen returns).
    private var renderedToken: Int?
    private var resized = false

    /// The terminal forgot what it showed: the next pass draws everything.
    func forceRedraw() {
        lastDrawn = nil
        needsDraw = true
    }

    /// Draws what changed: a new frame, the UI when it looks different.
    func draw() {
        guard needsDraw || frameReady else { return }
        var rendered = renderFrameIfReady()
        if resized {
            resized = false
            rendered = rerenderAfterResize() || rendered
        }
        if terminal.frames.isBusy {
            if rendered {
                terminal.dropFrame()
                noteDroppedFrame()
            }
            return
        }
        let visible = ShellView.frameKey(state, width: terminal.width)
        var uiChanged = false
        if visible != lastDrawn || terminal.width != lastDrawnWidth || terminal.height != lastDrawnHeight {
            let screen = ShellView.render(state, theme: theme, width: terminal.width, height: terminal.height, context: context)
            uiChanged = terminal.draw(screen) || lastDrawn == nil
            lastDrawn = visible
            lastDrawnWidth = terminal.width
            lastDrawnHeight = terminal.height
        }
        if rendered || uiChanged { blitLatestFrame(newFrame: rendered) }
        terminal.closeUpdate()
        needsDraw = false
        if pendingFirstFrameEvent {
            pendingFirstFrameEvent = false
            automation?.broadcast(event: "first-frame", fields: ["url": state.currentItem?.url ?? ""])
        }
    }

    /// Renders the pending video frame at the terminal's pixel size, always,
    /// so libmpv's video output never waits on us. It counts as presented
    /// (and the first one is reported) only once the player has configured
    /// its video for the current load (before that the picture is the
    /// previous item's) and the player screen is up; a frame rendered under
    /// the interstitial is presented when the player screen returns.
    private func renderFrameIfReady() -> Bool {
        guard let renderer = renderer() else { return false }
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
              renderedToken == state.playback.token else { return false }
        if !state.playback.firstFramePresented { pendingFirstFrameEvent = true }
        store.send(.frame(.rendered, token: state.playback.token, at: MonotonicClock.now()))
        return true
    }

    /// Hands the render buffer's frame to the terminal. A frame the terminal
    /// cannot take yet is dropped, and marked so the newest one is sent as
    /// soon as the terminal catches up. (While a frame is still going out,
    /// `draw` holds the UI back too, so the loop never waits on the terminal.)
    @discardableResult
    private func blitLatestFrame(newFrame: Bool = true) -> Bool {
        guard let renderer = renderer(), let pixels = renderer.pixels,
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
    func terminalCaughtUp() {
        guard terminal.frames.resume() else { return }
        terminal.frameCompleted()
        guard frameBehind else { return }
        frameBehind = false
        if state.screen == .player && state.playback.firstFramePresented && blitLatestFrame() {
            store.send(.frame(.resent, token: state.playback.token, at: MonotonicClock.now()))
        }
    }

    /// Renders the current frame again at the new size (not a new frame).
    private func rerenderAfterResize() -> Bool {
        guard let renderer = renderer(), state.playback.firstFramePresented, state.screen == .player else { return false }
        do {
            try renderer.render(width: terminal.videoPixelSize.width, height: terminal.videoPixelSize.height)
            return true
        } catch {
            logger.error("\(error)")
            return false
        }
    }
}
