import MediaModel

/// What the lists, flips and lookups need of the lineup, worked out once
/// when the items, the favourites or `ShellSettings.flipFavouritesOnly`
/// change (`ShellState` keeps it current), so a key press costs what the
/// screen shows, not the size of the lineup (50 000 channels: a press on
/// the home screen once built a row for each).
///
/// A value derived from the state: never written by reducers. Pure.
public struct LineupIndex: Equatable, Sendable {
    /// One row of the home screen's and the guide list's lineup part.
    public enum Row: Equatable, Sendable {
        /// A group's title (the favourites are "Favourites").
        case header(String)
        /// `items[index]`.
        case item(Int)
    }

    /// The numbered channels by number (see `ShellState.channelRing`).
    public private(set) var ring: [Int] = []
    /// `ring`'s position of each item (nil: not in the ring).
    public private(set) var ringPosition: [Int?] = []
    /// The list order: favourites first (in lineup order), then the rest.
    public private(set) var listOrder: [Int] = []
    /// `listOrder`'s position of each item.
    public private(set) var listPosition: [Int] = []
    /// The header of the items of no group that follow a group's.
    public static let otherGroup = "Other"

    /// The list's rows: a header where the group changes, each item.
    public private(set) var rows: [Row] = []
    /// `rows`' row of each item.
    public private(set) var rowOfItem: [Int] = []
    /// The live items in list order: the guide grid's rows.
    public private(set) var liveOrder: [Int] = []
    /// `liveOrder`'s position of each item (nil: not live).
    public private(set) var livePosition: [Int?] = []
    /// The favourites among the numbered channels, by number.
    public private(set) var favouriteRing: [Int] = []
    /// The first item with each `MediaItem.channelKey`.
    public private(set) var byChannelKey: [String: Int] = [:]
    /// The first item with each guide id.
    public private(set) var byGuideID: [String: Int] = [:]
    /// The items with each URL, in lineup order.
    public private(set) var byURL: [String: [Int]] = [:]
    /// The favourites and setting it was made with.
    private(set) var favourites: Set<String> = []
    private(set) var favouritesOnly = false

    public init() {}

    /// What a change of the items touches: the lists' orders and lookups
    /// (`lists`: the count, or an item's title, number, group, kind, guide
    /// id or URL) and the names the search line looks up (`names`: the
    /// count, a title or a number). A film's details filled in touch neither.
    static func changes(from old: [MediaItem], to new: [MediaItem]) -> (lists: Bool, names: Bool) {
        guard old.count == new.count else { return (true, true) }
        var lists = false
        for (a, b) in zip(old, new) {
            if a.title != b.title || a.number != b.number { return (true, true) }
            if !lists, a.group != b.group || a.isLive != b.isLive || a.guideID != b.guideID || a.url != b.url { lists = true }
        }
        return (lists, false)
    }

    /// Made from `items`, the favourite channel keys and whether flips keep
    /// to the favourites.
    init(items: [MediaItem], favourites: Set<String>, favouritesOnly: Bool) {
        self.favourites = favourites
        self.favouritesOnly = favouritesOnly
        let isFavourite = favourites.isEmpty ? Array(repeating: false, count: items.count) : items.map { favourites.contains($0.channelKey) }
        let numbered = items.indices.filter { items[$0].number != nil }.sorted { (items[$0].number!, $0) < (items[$1].number!, $1) }
        favouriteRing = favourites.isEmpty ? [] : numbered.filter { isFavourite[$0] }
        ring = !favouritesOnly || favouriteRing.isEmpty ? numbered : favouriteRing
        ringPosition = Array(repeating: nil, count: items.count)
        for (position, index) in ring.enumerated() { ringPosition[index] = position }
        listOrder = items.indices.filter { isFavourite[$0] } + items.indices.filter { !isFavourite[$0] }
        listPosition = Array(repeating: 0, count: items.count)
        rowOfItem = Array(repeating: 0, count: items.count)
        livePosition = Array(repeating: nil, count: items.count)
        rows.reserveCapacity(items.count + 16)
        var lastGroup: String??
        for (position, index) in listOrder.enumerated() {
            listPosition[index] = position
            let group = isFavourite[index] ? "Favourites" : items[index].group
            if lastGroup == nil || lastGroup! != group {
                // Items of no group after a group's have a header too: they
                // read as the favourites (or the group above) without one.
                if let group {
                    rows.append(.header(group))
                } else if lastGroup != nil {
                    rows.append(.header(Self.otherGroup))
                }
                lastGroup = .some(group)
            }
            rowOfItem[index] = rows.count
            rows.append(.item(index))
            if items[index].isLive {
                livePosition[index] = liveOrder.count
                liveOrder.append(index)
            }
        }
        for index in items.indices.reversed() {
            if let id = items[index].guideID { byGuideID[id] = index }
            byChannelKey[items[index].channelKey] = index
        }
        for index in items.indices { byURL[items[index].url, default: []].append(index) }
    }

    /// `items[index]`'s position in `ring` (nil: not in it, or no such item).
    public func ringPosition(of index: Int) -> Int? {
        ringPosition.indices.contains(index) ? ringPosition[index] : nil
    }

    /// `items[index]`'s position in `liveOrder` (nil: not live, or no such item).
    public func livePosition(of index: Int) -> Int? {
        livePosition.indices.contains(index) ? livePosition[index] : nil
    }

    /// Whether it was made with these favourites and setting.
    func matches(favourites: Set<String>, favouritesOnly: Bool) -> Bool {
        self.favouritesOnly == favouritesOnly && self.favourites == favourites
    }
}
