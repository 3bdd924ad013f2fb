/// Recordings: the scheduler's list as last reported, the dialog when it is
/// up, and which recordings are already among the items.
public struct RecordingsState: Equatable, Sendable {
    public var list: [RecordingInfo] = []
    public var dialog: RecordDialog?
    /// Ids of recordings whose item is in `ShellState.items` (the
    /// "Recordings" group of the home screen).
    public var listed: Set<String> = []

    public init() {}

    /// Recordings being written now: each holds a connection.
    public var activeCount: Int { list.filter { $0.status == .active }.count }
}
