import MediaModel

extension ShellState {
    /// What the screens may show of now / next on `item`: a programme over
    /// the parental limits appears as "Restricted (TV-MA)", with no
    /// subtitle, description or episode, unless the passcode was given for
    /// it. Views use this, never `nowNext`, so a guide does not leak what
    /// restricted programmes are.
    public func shownNowNext(_ item: MediaItem) -> (now: Programme?, next: Programme?) {
        shownNowNext(item, alsoGranted: nil)
    }

    /// As `shownNowNext`, a programme the passcode `grant` was given for
    /// shown too: a multiview view's own code (`MultiviewState.View.grant`),
    /// which covers its channel there, not the main player.
    public func shownNowNext(_ item: MediaItem, alsoGranted grant: RestrictionsState.Grant?) -> (now: Programme?, next: Programme?) {
        let (now, next) = nowNext(item)
        return (now.map { masked($0, on: item, alsoGranted: grant) }, next.map { masked($0, on: item, alsoGranted: grant) })
    }

    /// What the screens may show of `programme` on `item` (masked as
    /// `shownNowNext` masks now / next).
    public func shown(_ programme: Programme, on item: MediaItem) -> Programme {
        masked(programme, on: item, alsoGranted: nil)
    }

    private func masked(_ programme: Programme, on item: MediaItem, alsoGranted extra: RestrictionsState.Grant?) -> Programme {
        let policy = restrictions.policy
        let ratings = item.ratingsHeldTo + programme.ratings.compactMap(\.resolved)
        guard policy.mode != .off, ratings.contains(where: { !$0.isUnrated && policy.exceeds($0) }) else { return programme }
        for grant in [restrictions.grant, extra].compactMap({ $0 }) where grant.itemID == item.id && grant.programmeStart == programme.start {
            return programme
        }
        var hidden = programme
        let label = policy.reason(ratings)?.code
        hidden.title = "Restricted" + (label.map { " (\($0))" } ?? "")
        hidden.subtitle = nil
        hidden.summary = nil
        hidden.episode = nil
        hidden.icon = nil
        return hidden
    }
}
