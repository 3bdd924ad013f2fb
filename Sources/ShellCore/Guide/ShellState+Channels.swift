import MediaModel

extension MediaItem {
    /// What a favourite is kept by: the guide key (the `tvg-id`, else the
    /// name, with any `tvg-shift`, so a "+1" channel sharing an id is its
    /// own), else the title. Survives a lineup refresh that renumbers or
    /// reorders channels.
    public var channelKey: String { guideID ?? title }
}

extension ShellState {
    /// Whether `items[index]` is a favourite.
    public func isFavourite(_ index: Int) -> Bool {
        items.indices.contains(index) && !guide.favourites.isEmpty && guide.favourites.contains(items[index].channelKey)
    }

    /// The order the guide's list and grid show the items in, and UP/DOWN
    /// move through: the guide.favourites first (in lineup order), then the rest.
    public var listOrder: [Int] { lineupIndex.listOrder }

    /// The item of the guide channel `channel` (a `Programme.channel`).
    public func itemIndex(guideChannel channel: String) -> Int? {
        lineupIndex.byGuideID[channel]
    }
}
