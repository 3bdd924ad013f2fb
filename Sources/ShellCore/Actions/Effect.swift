import MediaModel

/// What the reducer asks the world to do. The runtime interprets these; the
/// reducer never performs I/O.
public enum Effect: Equatable, Sendable {
    /// Open `item`, replacing what plays; reports come back with `token`.
    case load(MediaItem, token: Int)
    /// Stop playback (back to the home screen).
    case stop
    case setPause(Bool)
    /// Seek to an absolute position in seconds.
    case seek(to: Double, exact: Bool)
    /// Seek relative to the current position.
    case seekBy(Double)
    case frameStep(forward: Bool)
    case startTimer(TimerID, after: Double)
    case cancelTimer(TimerID)
    /// Push an event to automation clients.
    case emit(ShellEvent)
    /// Leave the run loop and restore the terminal.
    case quit
}

/// Events pushed to automation clients (`{"event": NAME, …}`).
public enum ShellEvent: Equatable, Sendable {
    case playbackStarted(title: String, url: String)
    case error(title: String, reason: String, url: String?)
    case endFile(url: String)

    public var name: String {
        switch self {
        case .playbackStarted: "playback-started"
        case .error: "error"
        case .endFile: "end-file"
        }
    }
}
