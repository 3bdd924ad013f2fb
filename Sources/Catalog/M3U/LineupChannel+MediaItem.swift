import MediaModel

extension LineupChannel {
    /// The playable item: a live channel with its number, group, logo, guide
    /// id, rating and stream headers. Without a rating of its own, a channel
    /// in a group named as for adults ("XXX", "18+": `AdultGroups`) is rated
    /// "18+".
    public var mediaItem: MediaItem {
        let rating = rating ?? (group.map(AdultGroups.marks) == true ? AdultGroups.rating : nil)
        var item = MediaItem(
            id: id.map { $0 + "#" + String(number) } ?? "channel-" + String(number), title: name, url: url, isLive: true,
            number: number, rating: rating, contentRating: rating.flatMap { RatingsTable.standard.parseRating($0, media: .tv) }, group: group, logo: logo, guideID: id, headers: headers)
        item.catchup = catchup
        item.alternates = alternates
        item.thumbnails = thumbnails
        return item
    }
}
