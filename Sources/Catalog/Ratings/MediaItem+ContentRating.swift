import MediaModel

extension MediaItem {
    /// The item with `contentRating` read from its published `rating`, when
    /// it has one and none was set (a bare age counts as one of TV for a
    /// live item, else of films). For items from outside the catalog (the
    /// command line, IPC, an embedding program).
    public func resolvingRating(with table: RatingsTable = .standard) -> MediaItem {
        guard contentRating == nil, let rating else { return self }
        var item = self
        item.contentRating = table.parseRating(rating, media: isLive ? .tv : .movie)
        return item
    }
}

extension Array where Element == MediaItem {
    /// Every item `resolvingRating`; the same array (not a copy of 50 000
    /// items) when none needs it.
    public func resolvingRatings(with table: RatingsTable = .standard) -> [MediaItem] {
        guard contains(where: { $0.contentRating == nil && $0.rating != nil }) else { return self }
        return map { $0.resolvingRating(with: table) }
    }
}
