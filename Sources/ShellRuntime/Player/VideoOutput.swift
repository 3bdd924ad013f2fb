/// Where the picture goes (`--video`).
public enum VideoOutput: String, Sendable, CaseIterable {
    /// Drawn in the terminal's cells by tvshell.
    case terminal
    /// mpv's own window.
    case window
    /// No picture (audio only; headless tests).
    case none
}
