import MediaModel

/// The parental gate's state: the policy, the wrong-passcode counter and
/// lockout (persisted by the runtime, so a restart does not reset them), the
/// prompt up, and what has been authorized.
public struct RestrictionsState: Equatable, Sendable {
    public var policy: RestrictionPolicy
    /// Wrong passcodes since the last right one.
    public var failures: Int
    /// Wall-clock time (seconds since 1970) until which the prompt takes no
    /// digits; nil when not locked.
    public var lockedUntil: Double?
    /// The item the passcode was last given for.
    public var grant: Grant?
    /// Items authorized early (`requestPlaybackRestrictionsAuthorization`),
    /// each good for its next play.
    public var preAuthorized: Set<String> = []
    /// The last passcode attempt handed out for checking.
    public var attemptCounter = 0
    /// `items` index to load again once the prompt up (an early request's
    /// or the admin's) closes: libmpv restarted, or the load turned out to
    /// be restricted, under it.
    public var afterPrompt: Int?

    public init(policy: RestrictionPolicy = RestrictionPolicy(), failures: Int = 0, lockedUntil: Double? = nil) {
        self.policy = policy
        self.failures = failures
        self.lockedUntil = lockedUntil
    }

    /// Whether the prompt takes no digits at `wallClock`.
    public func isLocked(at wallClock: Double) -> Bool {
        lockedUntil.map { $0 > wallClock } ?? false
    }

    /// An authorization: the passcode was given for `itemID` (and, on a live
    /// channel, for the programme starting at `programmeStart`).
    public struct Grant: Equatable, Sendable {
        public var itemID: String
        /// The load it covers; nil until the authorized item is loaded.
        public var token: Int?
        public var programmeStart: Double?

        public init(itemID: String, token: Int?, programmeStart: Double?) {
            self.itemID = itemID
            self.token = token
            self.programmeStart = programmeStart
        }
    }
}
