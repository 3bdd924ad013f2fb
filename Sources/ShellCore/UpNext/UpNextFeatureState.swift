/// Resume and Up Next: where items were left, the offer to resume, the Up
/// Next card and what it proposes.
public struct UpNextFeatureState: Equatable, Sendable {
    /// Where items were left, by URL (from the library).
    public var resumePoints: [String: ResumePoint] = [:]
    /// The start item, waiting for the library (see `Action.playWhenLibraryReady`).
    public var startPending: Int?
    /// "Resume from …" / "Play from the beginning", while it is up.
    public var resumeOffer: ResumeOffer?
    /// The Up Next card, once it came up for the current load.
    public var card: UpNextState?
    /// The card's preview image, shown by the `.preview` player while the
    /// card is up (see `ProposalImageReducer`).
    public var proposalImage: PlaybackState?
    /// The program's proposal for the current load (`nextContentProposal(after:)`).
    public var programProposal: ContentProposal?
    /// Items the countdown started in a row with no key pressed since (any
    /// key sets it back to 0): at `ShellSettings.stillWatchingAfter` the
    /// next card asks "Still watching?" and waits.
    public var playedOnByItself = 0

    public init() {}
}
