/// What a source knows of an item beyond its lineup entry (an Xtream Codes
/// film's `get_vod_info`): its ratings and its summary. A value.
public struct ItemDetails: Equatable, Sendable {
    public var ratings: [ContentRating]
    public var summary: String?

    public init(ratings: [ContentRating] = [], summary: String? = nil) {
        self.ratings = ratings
        self.summary = summary
    }
}
