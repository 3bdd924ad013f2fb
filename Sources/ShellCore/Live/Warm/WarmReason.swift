/// Why a channel is warm: what the viewer could press to reach it, in the
/// order candidates are ranked (`WarmReducer.candidates`).
public enum WarmReason: String, Equatable, Sendable, CaseIterable {
    /// The channel the digits typed so far can only become (or the likeliest
    /// of those they can).
    case typedDigits = "typed digits"
    /// Channel up.
    case next
    /// Channel down.
    case previous
    /// The channel watched before (`-`, KEY_LAST).
    case lastChannel = "last channel"
    /// A favourite, the most watched of them.
    case favourite
    /// One of the channels most played live (the library's history).
    case mostWatched = "most watched"
}
