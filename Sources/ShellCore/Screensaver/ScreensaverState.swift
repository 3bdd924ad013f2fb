/// The screen saver: up over a still screen left alone a while
/// (`ShellSettings.screensaverDelay`), until a key. Written by
/// `ScreensaverReducer` only.
public struct ScreensaverState: Equatable, Sendable {
    /// The screen is covered: dark, the clock and what is paused on it,
    /// drifting.
    public var showing = false

    public init() {}
}
