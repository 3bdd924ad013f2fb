/// Where an item played from a channel's archive comes from: the live
/// channel (its `MediaItem.id`) and the programme's times, in Unix seconds.
/// A plain value, safe to pass between threads.
public struct ArchiveOrigin: Equatable, Hashable, Sendable {
    /// The `id` of the live channel whose archive it is.
    public var channelID: String
    public var start: Double
    public var stop: Double

    public init(channelID: String, start: Double, stop: Double) {
        self.channelID = channelID
        self.start = start
        self.stop = stop
    }
}
