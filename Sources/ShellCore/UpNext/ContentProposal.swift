import MediaModel

/// What plays next, proposed near the end of what plays (`AVContentProposal`).
public struct ContentProposal: Equatable, Sendable {
    public var title: String
    public var item: MediaItem
    /// Seconds into the current item when the card comes up (nil: the
    /// credits' start, else 20 s before the end).
    public var proposalTime: Double?
    /// Seconds the countdown runs before it is accepted by itself; 0: never.
    public var automaticAcceptanceInterval: Double
    /// An image to show on the card (a path or URL).
    public var previewImage: String?

    public init(title: String, item: MediaItem, proposalTime: Double? = nil, automaticAcceptanceInterval: Double = 10, previewImage: String? = nil) {
        self.title = title
        self.item = item
        self.proposalTime = proposalTime
        self.automaticAcceptanceInterval = automaticAcceptanceInterval
        self.previewImage = previewImage
    }
}

/// The Up Next card and what became of the proposal for the current load.
public struct UpNextState: Equatable, Sendable {
    public enum Phase: Equatable, Sendable {
        /// Known, not shown yet.
        case waiting
        /// The card is up.
        case presented
        /// LEFT / RIGHT / scrubbing put it away: it comes back at the end.
        case deferred
        /// Cancelled: the item plays to its end, then the home screen.
        case rejected
    }

    public var proposal: ContentProposal
    public var phase: Phase = .waiting
    /// Whole seconds left on the countdown (while presented and automatic).
    public var secondsLeft: Int
    /// Focus on the card: 0 Play Now, 1 Cancel.
    public var focus = 0
    /// The card asks "Still watching?" (`ShellSettings.stillWatchingAfter`
    /// items played on by themselves): no countdown, it waits for a key.
    public var stillWatching = false

    public init(proposal: ContentProposal) {
        self.proposal = proposal
        secondsLeft = Int(proposal.automaticAcceptanceInterval.rounded(.up))
    }

    /// The countdown runs and plays the next by itself.
    public var automatic: Bool { proposal.automaticAcceptanceInterval > 0 && !stillWatching }
}
