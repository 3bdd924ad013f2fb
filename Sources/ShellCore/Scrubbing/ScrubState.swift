/// The scrub head while scrubbing. Playback stays where it was until commit.
public struct ScrubState: Equatable, Sendable {
    public enum Mode: String, Equatable, Sendable {
        /// Accelerating steps across the whole item.
        case coarse
        /// Steps of at most one second around a zoomed ruler.
        case fine
    }

    public var mode: Mode = .coarse
    /// Where the head is, in seconds.
    public var target: Double
    /// Where playback was when scrubbing began (the cancel point).
    public var origin: Double
    /// Direction of the last step: -1 or +1, 0 before any step.
    public var lastDirection = 0
    /// When the last step happened.
    public var lastStepAt: Instant?
    /// Steps in a row in one direction with key-repeat spacing.
    public var repeatCount = 0

    public init(target: Double, origin: Double) {
        self.target = target
        self.origin = origin
    }
}
