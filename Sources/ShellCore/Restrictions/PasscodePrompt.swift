import MediaModel

/// The passcode prompt: what it is for, the item and ratings it names, and
/// the digits typed so far. Its description never shows the digits.
public struct PasscodePrompt: Equatable, Sendable, CustomStringConvertible {
    public enum Purpose: Equatable, Sendable {
        /// `items[index]` is not loaded yet: it loads once authorized.
        case play(index: Int)
        /// The load with `token` is held by the player before decoding
        /// anything (its rating came from the file): it continues once authorized.
        case held(token: Int)
        /// Behind live (timeshift), the full-screen channel's player, the
        /// load with `token`, reached a programme over the limits in its
        /// buffer: it is paused there (nothing more decoded) and plays on
        /// from there once authorized, the buffer kept.
        case behind(token: Int)
        /// An early request (`requestPlaybackRestrictionsAuthorization`);
        /// `returnTo` is the screen under the prompt.
        indirect case early(request: Int, returnTo: Destination)
        /// The admin passcode to quit a kiosk; `returnTo` is the screen under it.
        indirect case quitKiosk(returnTo: Destination)
        /// Multiview's view `view` (its entry's playback `token`) shows
        /// nothing, its channel being restricted: it opens in the view once
        /// authorized; either way the prompt closes back to multiview.
        case view(Int, token: Int)
    }

    public var purpose: Purpose
    public var item: MediaItem
    /// Every rating known for the item (lineup, guide, file).
    public var ratings: [ContentRating]
    /// Typed digits; cleared as soon as four are handed out for checking.
    public var digits: [Int] = []
    /// The attempt being checked (keys wait meanwhile).
    public var checking: Int?
    /// "Wrong passcode", shown under the boxes.
    public var message: String?
    /// Where ESC goes back to: what played before the prompt came up, or
    /// the channel a flip started from (the flip may have been answered
    /// while the prompt was up).
    public var origin: Int?

    public init(purpose: Purpose, item: MediaItem, ratings: [ContentRating]) {
        self.purpose = purpose
        self.item = item
        self.ratings = ratings
    }

    /// The admin passcode (not content): no restrictions events for it.
    public var isAdmin: Bool {
        if case .quitKiosk = purpose { true } else { false }
    }

    /// For content about to play (not an early request, not the admin's).
    public var isContent: Bool {
        switch purpose {
        case .play, .held, .behind: true
        case .early, .quitKiosk, .view: false
        }
    }

    /// Whether it holds the full-screen load with `token` (held before
    /// decoding, or paused behind live) until it is answered.
    public func holds(token: Int) -> Bool {
        switch purpose {
        case .held(let held), .behind(let held): held == token
        case .play, .early, .quitKiosk, .view: false
        }
    }

    /// The strictest rating by rank (what the prompt names is
    /// `reason(under:)`: a lower one of the other kind may be the one over
    /// the limits).
    public var rating: ContentRating? { ContentRating.strictest(ratings) }

    /// The rating the prompt names under `policy`: the one over the limits
    /// (`RestrictionPolicy.reason`).
    public func reason(under policy: RestrictionPolicy) -> ContentRating? { policy.reason(ratings) }

    public var description: String {
        "PasscodePrompt(\(purpose), \(item.title), \(digits.count) digits, checking: \(checking.map(String.init) ?? "no"))"
    }
}
