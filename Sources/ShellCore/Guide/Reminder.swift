/// A reminder set on a future programme: kept by the library, it comes up
/// as a notice `ShellSettings.reminderLead` before the programme starts.
public struct Reminder: Hashable, Sendable {
    /// The guide channel it airs on (`MediaItem.guideID`).
    public var channel: String
    /// Seconds since 1970.
    public var start: Double
    /// The programme's title as shown when it was set (masked if restricted).
    public var title: String
    /// The channel's name when it was set.
    public var channelName: String

    public init(channel: String, start: Double, title: String, channelName: String) {
        self.channel = channel
        self.start = start
        self.title = title
        self.channelName = channelName
    }
}

extension ShellState {
    /// When the next reminder comes up (seconds since 1970), for the
    /// runtime's wall-clock ticks.
    public var nextReminderAlert: Double? {
        guide.reminders.first.map { $0.start - settings.reminderLead }
    }

    /// Whether a reminder is set on `programme`'s slot of `channel`.
    public func hasReminder(channel: String, start: Double) -> Bool {
        guide.reminders.contains { $0.channel == channel && $0.start == start }
    }
}
