import CX11
import Foundation
import Logging

/// The TV output's part in the X session mpv's window is in.
///
/// The focus: on an X server where nothing gives mpv's window the keyboard
/// focus (no window manager, as on a box under a TV started with xinit),
/// it is given: mpv hides the pointer over its window only while the window
/// has the focus, so without it the X arrow stayed in the middle of the
/// picture. A window that has the focus also gets the keys wherever the
/// pointer is. Where a window manager (or anything else) has put the focus
/// on a window, it is left there. Looked at often for a few seconds after
/// mpv's window may have changed (the start, a swap), at most every two
/// seconds after.
///
/// The screen saver: X blanks the screen after its idle time (ten minutes
/// by default) of no input it has seen, and mpv holds it off only while a
/// picture plays. The viewer's keys that do not come through X (lircd,
/// CEC, input devices, the console, a key sent to the socket) reset it, as
/// a key typed on X does: the guide browsed with the remote stays on the
/// screen, and a screen blanked over the home screen shows again at the
/// next key.
///
/// Run-loop thread only.
final class X11Session {
    private let display: String
    private let logger: Logger
    /// When the focus is next looked at (monotonic seconds).
    private var nextLook = 0.0
    /// Until when it is looked at often (mpv's window may be opening).
    private var watchUntil = 0.0
    /// libxcb cannot be loaded: nothing more is tried.
    private var unavailable = false
    /// Whether the focus was given once, and whether the display was
    /// unreachable once (each said in the log once).
    private var given = false, unreachable = false

    /// Looked at every this many seconds while mpv's window may be opening.
    static let openingInterval = 0.1
    /// For this many seconds after it may have changed.
    static let openingTime = 5.0
    /// Looked at at most every this many seconds after.
    static let settledInterval = 2.0

    /// nil where mpv's window is no X window (no `DISPLAY`, or a Wayland
    /// session, whose compositor gives the focus and sees the input).
    init?(environment: [String: String] = ProcessInfo.processInfo.environment, logger: Logger, now: Double) {
        guard let display = environment["DISPLAY"], !display.isEmpty, (environment["WAYLAND_DISPLAY"] ?? "").isEmpty else { return nil }
        self.display = display
        self.logger = logger
        windowMayChange(now: now)
    }

    deinit { tvs_x11_close() }

    /// mpv's window may open or be replaced soon (a start, a swap into it).
    func windowMayChange(now: Double) {
        watchUntil = now + Self.openingTime
        nextLook = now
    }

    /// Looks at the focus when it is time.
    func lookAtFocus(now: Double) {
        guard !unavailable, now >= nextLook else { return }
        let result = tvs_x11_focus_own_window(display)
        if result == Int32(TVS_X11_GIVEN) {
            if !given { logger.info("no window manager gives mpv's window the keyboard focus: the shell gives it (mpv then hides the pointer)") }
            given = true
        }
        noteFailure(result)
        nextLook = now + (now < watchUntil ? Self.openingInterval : Self.settledInterval)
    }

    /// A key of the viewer's that X did not see: the screen saver is reset.
    func viewerActed() {
        guard !unavailable else { return }
        noteFailure(tvs_x11_reset_screen_saver(display))
    }

    /// Milliseconds until the next look while mpv's window may be opening
    /// (for the run loop's wait); nil after: the settled looks come with
    /// the loop's other wakes (a playing picture wakes it at each frame),
    /// so an idle shell is not woken for them.
    func delay(now: Double) -> Int32? {
        guard !unavailable, now < watchUntil else { return nil }
        return Int32(max(0, (nextLook - now) * 1000).rounded(.up))
    }

    /// A `result` that says a call could not do its part: libxcb missing
    /// ends the session's work; a display not reached (still coming up, or
    /// refusing) is tried again at the next call.
    private func noteFailure(_ result: Int32) {
        switch result {
        case Int32(TVS_X11_NO_LIBRARY):
            unavailable = true
            logger.warning("the X pointer may stay on the TV and the remote's keys not keep the screen on: \(String(cString: tvs_x11_failure()))")
        case Int32(TVS_X11_UNAVAILABLE):
            if !unreachable { logger.info("the X display: \(String(cString: tvs_x11_failure())); trying again") }
            unreachable = true
        default:
            break
        }
    }
}
