/// Recordings: the scheduler's list as last reported, the dialog when it is
/// up, and which recordings are already among the items.
public struct RecordingsState: Equatable, Sendable {
    /// Set through `RecordingsReducer.report`, which keeps `activeCount`.
    public var list: [RecordingInfo] = [] {
        didSet { activeCount = list.reduce(0) { $0 + ($1.status == .active ? 1 : 0) } }
    }
    public var dialog: RecordDialog?
    /// Ids of recordings whose item is in `ShellState.items` (the
    /// "Recordings" group of the home screen).
    public var listed: Set<String> = []

    public init() {}

    /// Recordings being written now: each holds a connection (kept as the
    /// list changes: `ShellState.openStreams` reads it after every action).
    public private(set) var activeCount = 0
}
