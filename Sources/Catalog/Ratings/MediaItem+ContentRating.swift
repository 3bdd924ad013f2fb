import MediaModel

extension MediaItem {
    /// The item with `contentRating` read from its published `rating`, when
    /// it has one and none was set. For items from outside the catalog (the
    /// command line, IPC, an embedding program).
    public func resolvingRating(with table: RatingsTable = .standard) -> MediaItem {
        guard contentRating == nil, let rating else { return self }
        var item = self
        item.contentRating = table.parse(rating)
        return item
    }
}
