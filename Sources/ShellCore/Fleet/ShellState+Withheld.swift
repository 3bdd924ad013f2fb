import MediaModel

extension ShellState {
    /// "Restricted (TV-MA)" when the parental limits would stop `item` by
    /// what is known of it now (its own rating, the programme airing on it),
    /// whether or not the passcode was given for it here; nil when they
    /// would not. What leaves the box for others to read (the fleet's
    /// topics) names restricted content only by this.
    public func restrictedLabel(_ item: MediaItem) -> String? {
        let policy = restrictions.policy
        guard policy.mode != .off else { return nil }
        var ratings = RestrictionReducer.knownRatings(self, item)
        if let index = current, items.indices.contains(index), items[index].id == item.id, playback.restricted {
            ratings += playback.ratings
        }
        guard policy.restricts(ratings) else { return nil }
        return "Restricted" + ((policy.reason(ratings)?.code).map { " (\($0))" } ?? "")
    }

    /// Text that must not leave the box, each with what stands in its
    /// place: restricted items' titles and locations, the titles of
    /// restricted programmes airing now or next on any channel (rated over
    /// the limits themselves, or on a restricted channel), and those of
    /// recordings the limits would stop as they play (asked for days ahead,
    /// their programme airs neither now nor next): rated over the limits, or
    /// unrated while unrated content is restricted. Longest first, so a
    /// title inside another is replaced with it.
    public func withheldTexts() -> [(text: String, label: String)] {
        let policy = restrictions.policy
        guard policy.mode != .off else { return [] }
        var found: [String: String] = [:]
        for item in items {
            let label = restrictedLabel(item)
            if let label {
                found[item.title] = label
                found[item.url] = "restricted"
                for alternate in item.alternates { found[alternate.url] = "restricted" }
            }
            guard item.isLive else { continue }
            // Airing now and, on the channel playing behind live, on screen: both may be published.
            let (now, next) = nowNext(item, at: wallClock)
            let (shownNow, shownNext) = item.id == currentItem?.id ? nowNext(item) : (nil, nil)
            for programme in [now, next, shownNow, shownNext].compactMap({ $0 }) {
                let ratings = item.ratingsHeldTo + programme.ratings.compactMap(\.resolved)
                guard label != nil || ratings.contains(where: { !$0.isUnrated && policy.exceeds($0) }) else { continue }
                let shown = "Restricted" + ((policy.reason(ratings)?.code).map { " (\($0))" } ?? "")
                found[programme.title] = shown
                if let subtitle = programme.subtitle { found[subtitle] = shown }
            }
        }
        for recording in recordings.list {
            let ratings = recording.ratingsHeldTo
            guard policy.restricts(ratings) else { continue }
            found[recording.title] = "Restricted" + (policy.reason(ratings).flatMap { $0.isUnrated ? nil : " (\($0.code))" } ?? "")
        }
        if playback.restricted, let item = currentItem {
            let label = restrictedLabel(item) ?? "Restricted"
            found[item.title] = label
            found[title] = label
        }
        found[""] = nil
        return found.map { (text: $0.key, label: $0.value) }.sorted { $0.text.count > $1.text.count }
    }
}
