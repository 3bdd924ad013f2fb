import MediaModel

/// The dialog `r` opens on a playing live channel ("Record until 21:00 ·
/// Record for… · Cancel") and ENTER opens on a future programme in the
/// guide ("Remind me · Record · Record series · Cancel"). Its choices are
/// fixed when it opens; UP/DOWN move, LEFT/RIGHT change "Record for…"'s
/// length, ENTER takes one, ESC closes it.
public struct RecordDialog: Equatable, Sendable {
    public enum Choice: Equatable, Sendable {
        /// From now until the programme's end (Unix seconds).
        case untilEnd(Double)
        /// From now, for `RecordDialog.minutes`.
        case forDuration
        /// The programme's reminder: set, or (`set`) removed.
        case remind(set: Bool)
        /// The future programme, once.
        case record
        /// Every airing of its title on this channel.
        case recordSeries
        /// The recording of it already scheduled.
        case cancelRecording(id: String)
        case cancel
    }

    /// The channel (an index of `items`).
    public var channel: Int
    /// The programme it is about (nil: the channel has no guide).
    public var programme: Programme?
    public var choices: [Choice]
    public var focus = 0
    /// "Record for…": one of `RecordDialog.lengths`.
    public var minutes = 60

    /// The lengths "Record for…" goes through.
    public static let lengths = [15, 30, 60, 90, 120, 180, 240]

    /// How `choice` reads on the dialog ("Record until 21:00", "Record for
    /// ‹ 1 h ›" …), times at `utcOffset` (after `change` on its other side).
    public func label(_ choice: Choice, utcOffset: Int, change: UTCOffsetChange? = nil, ascii: Bool = false) -> String {
        switch choice {
        case .untilEnd(let stop): "Record until \(formatClock(stop, utcOffset: change?.offset(at: stop) ?? utcOffset))"
        case .forDuration: ascii ? "Record for < \(Self.length(minutes)) >" : "Record for ‹ \(Self.length(minutes)) ›"
        case .remind(let set): set ? "Remove reminder" : "Remind me"
        case .record: "Record"
        case .recordSeries: "Record series"
        case .cancelRecording: "Cancel recording"
        case .cancel: "Cancel"
        }
    }

    /// "15 min", "1 h", "1 h 30".
    static func length(_ minutes: Int) -> String {
        minutes < 60 ? "\(minutes) min" : minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60)"
    }

    public init(channel: Int, programme: Programme?, choices: [Choice]) {
        self.channel = channel
        self.programme = programme
        self.choices = choices
    }
}
