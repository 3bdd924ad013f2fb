import MediaModel

extension LineupChannel {
    /// The playable item: a live channel with its number, group, logo, guide
    /// id, rating and stream headers. Without a rating of its own, a channel
    /// in a group named as for adults ("XXX", "18+": `AdultGroups`) is rated
    /// "18+". A provider's film or episode among the channels (an Xtream
    /// Codes `/movie/` or `/series/` file: `XtreamServer.onDemandKind`) is
    /// a film, as the account's own are: not live, with no channel number
    /// (flips and digits keep to the channels), its rating read as a
    /// film's (an episode's as TV's). So is a file listed as a player's
    /// playlist lists it (`onDemand`): its place kept (by the file, as
    /// when its folder is played: its id is its location), scrubbed, Up
    /// Next to the next; with no name in the lineup, titled by its file's
    /// name made readable, until the file's own title is known.
    public var mediaItem: MediaItem {
        let rating = rating ?? (group.map(AdultGroups.marks) == true ? AdultGroups.rating : nil)
        let provided = XtreamServer.onDemandKind(of: url)
        let film = onDemand || provided != nil
        let media: ContentRating.Media = provided == "movie" || onDemand ? .movie : .tv
        let title = onDemand && nameFromLocation ? MediaItem.fromLocation(url).title : name
        var item = MediaItem(
            id: id.map { $0 + "#" + String(number) } ?? (onDemand ? url : "channel-" + String(number)), title: title, url: url, isLive: !film,
            number: film ? nil : number, rating: rating, contentRating: rating.flatMap { RatingsTable.standard.parseRating($0, media: media) },
            group: group, logo: logo, guideID: id, headers: headers)
        if onDemand && nameFromLocation { item.titleFromLocation = true }
        item.catchup = catchup
        item.alternates = alternates
        item.thumbnails = thumbnails
        return item
    }
}
