/// New parental settings, read by the runtime while the shell runs (the
/// restrictions file was changed by `tvshell restrictions` or by hand): the
/// policy, and whether the passcode itself changed. Never the passcode or
/// its hash.
public struct RestrictionsChange: Equatable, Sendable {
    public var policy: RestrictionPolicy
    /// The passcode was set, changed or removed.
    public var passcodeChanged: Bool

    public init(policy: RestrictionPolicy, passcodeChanged: Bool) {
        self.policy = policy
        self.passcodeChanged = passcodeChanged
    }

    /// Whether the change takes back what the passcode was given for: the
    /// passcode changed, or the new policy forbids something the old one let
    /// play without asking or refuses what it asked for. A change that only
    /// loosens (a raised limit, mode off) keeps it.
    public func revokesGrants(from old: RestrictionPolicy) -> Bool {
        passcodeChanged || policy.isStricter(than: old)
    }
}

/// What a change of the restrictions stopped: the full-screen item, the
/// picture, the guide's preview, a warm neighbour, an Up Next card, a view
/// of multiview.
public struct StoppedContent: Equatable, Sendable {
    public enum Place: String, Equatable, Sendable {
        case player
        case pip
        case preview
        case warm
        case upNext = "up-next"
        case multiview
    }

    public var place: Place
    /// The item's id and title.
    public var id: String
    public var title: String
    /// The strictest rating's label ("TV-MA"; "not rated").
    public var rating: String

    public init(place: Place, id: String, title: String, rating: String) {
        self.place = place
        self.id = id
        self.title = title
        self.rating = rating
    }
}
