import MediaModel

extension LineupChannel {
    /// The playable item: a live channel with its number, group, logo, guide
    /// id, rating and stream headers. Without a rating of its own, a channel
    /// in a group named as for adults ("XXX", "18+": `AdultGroups`) is rated
    /// "18+". A provider's film or episode among the channels (an Xtream
    /// Codes `/movie/` or `/series/` file: `XtreamServer.onDemandKind`) is
    /// a film, as the account's own are: not live, with no channel number
    /// (flips and digits keep to the channels), its rating read as a
    /// film's (an episode's as TV's).
    public var mediaItem: MediaItem {
        let rating = rating ?? (group.map(AdultGroups.marks) == true ? AdultGroups.rating : nil)
        let onDemand = XtreamServer.onDemandKind(of: url)
        let media: ContentRating.Media = onDemand == "movie" ? .movie : .tv
        var item = MediaItem(
            id: id.map { $0 + "#" + String(number) } ?? "channel-" + String(number), title: name, url: url, isLive: onDemand == nil,
            number: onDemand == nil ? number : nil, rating: rating, contentRating: rating.flatMap { RatingsTable.standard.parseRating($0, media: media) },
            group: group, logo: logo, guideID: id, headers: headers)
        item.catchup = catchup
        item.alternates = alternates
        item.thumbnails = thumbnails
        return item
    }
}
