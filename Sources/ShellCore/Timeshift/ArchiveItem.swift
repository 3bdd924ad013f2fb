import MediaModel

/// A past programme of a channel with catch-up, as an item to play: video
/// on demand from the channel's archive (scrubbing, resume and segments
/// work as for any file). Pure: any thread, on any state.
public enum ArchiveItem {
    /// Why a programme cannot be played from the archive.
    public struct Refusal: Error, Equatable, Sendable {
        public let message: String
    }

    /// The programme of `items[index]` airing at `start` (Unix seconds),
    /// as it is in the archive at `now`. Without a guide it is the hour from
    /// `start`. Refused for a channel without catch-up, a programme not yet
    /// started or older than the channel's days.
    public static func make(_ state: ShellState, index: Int, start: Double, now: Double) -> Result<MediaItem, Refusal> {
        guard state.items.indices.contains(index) else { return .failure(Refusal(message: "no such channel")) }
        let channel = state.items[index]
        let name = channel.number.map { "\($0) \(channel.title)" } ?? channel.title
        guard let catchup = channel.catchup else { return .failure(Refusal(message: "\(name) has no catch-up")) }
        let programme = channel.guideID.flatMap { state.guide.programmes.nowNext(channel: $0, at: start).now }
        let begin = programme?.start ?? start
        let end = programme?.stop ?? begin + 3600
        guard begin <= now else { return .failure(Refusal(message: "that programme has not started yet")) }
        guard catchup.covers(start: begin, now: now) else {
            return .failure(Refusal(message: "\(name) keeps \(catchup.days) day\(catchup.days == 1 ? "" : "s") of programmes; that one is older"))
        }
        if catchup.source.contains("{catchup-id}"), programme?.catchupID == nil {
            return .failure(Refusal(message: "the guide gives that programme no catchup-id, which \(name)'s archive needs"))
        }
        let url = CatchupURL.make(catchup, start: begin, end: end, now: now, catchupID: programme?.catchupID)
        var ratings = channel.ratingsHeldTo
        ratings += programme?.ratings.compactMap(\.resolved) ?? []
        let held = ContentRating.strictestOfEachKind(ratings)
        var item = MediaItem(id: "\(channel.id)@\(Int(begin))", title: programme?.title ?? "\(channel.title), \(clock(begin))", url: url,
                             rating: held.first?.code ?? channel.rating, contentRating: held.first, summary: programme?.summary,
                             group: channel.group, logo: channel.logo, headers: channel.headers)
        item.moreRatings = Array(held.dropFirst())
        item.artwork = programme?.icon
        item.archive = ArchiveOrigin(channelID: channel.id, start: begin, stop: end)
        return .success(item)
    }

    /// "20:00 UTC" for a title without a guide.
    private static func clock(_ t: Double) -> String {
        let c = UTCDate(t)
        return "\(UTCDate.two(c.hour)):\(UTCDate.two(c.minute)) UTC"
    }
}
