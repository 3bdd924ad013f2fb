/// When the shell goes to sleep: after a number of seconds, at the end of
/// the programme on screen (behind live, the one the picture shows), at the end of the film, or at the kiosk's daily
/// time (`ShellSettings.sleepDaily`).
public enum SleepChoice: Equatable, Sendable {
    case after(Double)
    case programme
    case item
    case daily

    /// The overlay's choices, in the order ENTER goes through them (Off after the last).
    public static let menu: [SleepChoice] = [.after(15 * 60), .after(30 * 60), .after(60 * 60), .after(90 * 60), .programme, .item]

    /// "15 min", "end of programme", "end of film", "daily".
    public var label: String {
        switch self {
        case .after(let seconds):
            seconds >= 60 && seconds.truncatingRemainder(dividingBy: 60) == 0 ? "\(Int(seconds / 60)) min" : "\(Int(seconds.rounded())) s"
        case .programme: "end of programme"
        case .item: "end of film"
        case .daily: "daily"
        }
    }

    /// The name IPC gives it.
    public var name: String {
        switch self {
        case .after: "after"
        case .programme: "programme"
        case .item: "item"
        case .daily: "daily"
        }
    }
}

/// The sleep timer: what was chosen and when it ends, whether the minute's
/// warning is up, and whether the shell sleeps (playback stopped, the
/// screen dark until a key).
public struct SleepState: Equatable, Sendable {
    public var choice: SleepChoice?
    /// When it ends (monotonic).
    public var endsAt: Instant?
    /// For the end of a programme: when it ends as aired (seconds since
    /// 1970), reached when the picture is there (behind live, later): the
    /// wall clock's ticks set the timer again by it.
    public var until: Double?
    /// "Sleeping in 1:00 · any key to stay awake" is up.
    public var warned = false
    /// Playback stopped and the screen dark; a key wakes it.
    public var asleep = false
    /// The daily time last acted on (seconds since 1970), so it goes once a day.
    public var lastDaily: Double?

    public init() {}
}
