/// Where the picture goes (`--video`).
public enum VideoOutput: String, Sendable, CaseIterable {
    /// Drawn in the terminal's cells by tvshell.
    case terminal
    /// mpv's own window.
    case window
    /// No picture (audio only; headless tests).
    case none
    /// mpv's own output, full screen (a window under X11 or Wayland, DRM
    /// on a console), with the shell's screens drawn on its OSD.
    case tv
}
