/// The badge that confirms what a key did ("+10 s", "Speed 1.5×"), or says
/// why it did nothing ("No timeshift on this channel"), for a moment in the
/// corner of the player. Pure.
enum FeedbackReducer {
    /// How long a badge stays, in seconds.
    static let duration = 1.5

    static func badge(_ state: inout ShellState, _ text: String) -> [Effect] {
        state.chrome.badge = text
        return [.startTimer(.badgeHide, after: duration)]
    }

    /// "+10 s" / "−10 s".
    static func skip(_ seconds: Double) -> String {
        let amount = seconds.rounded() == seconds ? String(Int(abs(seconds))) : String(abs(seconds))
        return (seconds < 0 ? "−" : "+") + amount + " s"
    }
}
