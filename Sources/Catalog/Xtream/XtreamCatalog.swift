import MediaModel

/// Everything an Xtream Codes account offers, as read (or as stored from the
/// last read), and the shell's items made from it: live channels as a
/// lineup (grouped by category, numbered by `num`, the archive as `xc`
/// catch-up), then films (`Films · CATEGORY`) and each series' episodes
/// (`Series · NAME`, in season and episode order, so Up Next goes on to the
/// next one). What the provider marks as for adults (the item's `is_adult`,
/// or its category's, or a category named so: `XtreamCategory.isAdult`) is
/// rated "18+" (`AdultGroups.rating`), so the passcode gate holds it as the
/// strictest TV or film rating. Pure.
public struct XtreamCatalog: Equatable, Sendable {
    public var account: XtreamAccountInfo?
    public var liveCategories: [XtreamCategory] = []
    public var live: [XtreamLiveStream] = []
    public var filmCategories: [XtreamCategory] = []
    public var films: [XtreamFilm] = []
    public var seriesCategories: [XtreamCategory] = []
    public var series: [XtreamSeries] = []
    /// Each series' episodes, by `seriesID` (a series not read yet has none).
    public var episodes: [Int: [XtreamEpisode]] = [:]
    /// What was skipped while reading, and why.
    public var problems: [String] = []

    public init() {}

    /// The lineup of live channels, for `playableChannels()` and the guide.
    /// `archiveCorrection`: hours the server's time zone is ahead of UTC
    /// (archive URLs are in its local time).
    public func lineup(server: XtreamServer, archiveCorrection: Double = 0) -> Lineup {
        let ext = streamExtension
        let order = Dictionary(liveCategories.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let names = Dictionary(liveCategories.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let adult = Self.adultCategories(liveCategories)
        let sorted = live.enumerated().sorted { a, b in
            let ca = a.element.categoryID.flatMap { order[$0] } ?? Int.max, cb = b.element.categoryID.flatMap { order[$0] } ?? Int.max
            if ca != cb { return ca < cb }
            let na = a.element.number ?? Int.max, nb = b.element.number ?? Int.max
            return na != nb ? na < nb : a.offset < b.offset
        }.map(\.element)
        var taken = Set<Int>()
        var channels: [LineupChannel] = []
        channels.reserveCapacity(sorted.count)
        var wanted: [Int?] = sorted.map { stream in
            guard let number = stream.number, number > 0, taken.insert(number).inserted else { return nil }
            return number
        }
        var next = 1
        for (index, stream) in sorted.enumerated() {
            if wanted[index] == nil {
                while taken.contains(next) { next += 1 }
                taken.insert(next)
                wanted[index] = next
            }
            let url = server.live(stream.streamID, ext: ext)
            var channel = LineupChannel(number: wanted[index]!, id: stream.guideID, name: stream.name,
                                        group: stream.categoryID.flatMap { names[$0] }, logo: stream.icon,
                                        rating: stream.isAdult || stream.categoryID.map(adult.contains) == true ? AdultGroups.rating : nil, url: url, line: 0)
            if stream.archive {
                channel.catchup = Catchup(mode: .xtreamCodes, source: server.archive(stream.streamID),
                                          days: stream.archiveDays.flatMap { $0 > 0 ? $0 : nil } ?? Catchup.defaultDays, correction: archiveCorrection)
            }
            channels.append(channel)
        }
        var lineup = Lineup(channels: channels, guideURLs: [server.guide], hasHeader: true)
        lineup.problems = problems.map { CatalogProblem(line: 0, message: $0) }
        return lineup
    }

    /// Films and episodes as items: films by category (in the account's
    /// order), then each series' episodes. `account` keeps ids apart
    /// between accounts.
    public func onDemand(server: XtreamServer, account: String) -> [MediaItem] {
        var items: [MediaItem] = []
        let filmNames = Dictionary(filmCategories.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let adultFilms = Self.adultCategories(filmCategories), adultSeries = Self.adultCategories(seriesCategories)
        for film in inCategoryOrder(films, categories: filmCategories, category: \.categoryID) {
            var item = MediaItem(id: "xtream:\(account)/movie/\(film.streamID)", title: film.name,
                                 url: server.film(film.streamID, ext: film.containerExtension),
                                 group: "Films" + (film.categoryID.flatMap { filmNames[$0] }.map { " · " + $0 } ?? ""), logo: film.icon)
            item.artwork = film.icon
            if film.isAdult || film.categoryID.map(adultFilms.contains) == true { item.rateAdult(tv: false) }
            items.append(item)
        }
        for show in inCategoryOrder(series, categories: seriesCategories, category: \.categoryID) {
            for episode in episodes[show.seriesID] ?? [] {
                let code = "S\(UTCDate.two(episode.season))E\(UTCDate.two(episode.number))"
                var title = "\(show.name) \(code)"
                if let own = episode.title, !own.localizedCaseInsensitiveContains(code) || own.count > show.name.count + code.count + 6 {
                    title += " · " + Self.stripped(own, show: show.name, code: code)
                }
                var item = MediaItem(id: "xtream:\(account)/series/\(episode.id)", title: title,
                                     url: server.episode(episode.id, ext: episode.containerExtension), summary: episode.plot ?? show.plot,
                                     group: "Series · \(show.name)", logo: show.cover)
                item.artwork = episode.image ?? show.cover
                if show.isAdult || show.categoryID.map(adultSeries.contains) == true { item.rateAdult(tv: true) }
                items.append(item)
            }
        }
        return items
    }

    /// The ids of the categories for adults.
    private static func adultCategories(_ categories: [XtreamCategory]) -> Set<String> {
        Set(categories.filter(\.isAdult).map(\.id))
    }

    /// "m3u8" when the account allows it (a stream libmpv can start quickly
    /// and the shell can warm), else "ts".
    var streamExtension: String {
        guard let formats = account?.formats, !formats.isEmpty else { return "ts" }
        return formats.contains("m3u8") ? "m3u8" : "ts"
    }

    /// `values` with those of the categories listed first, in the list's
    /// order, keeping their own order within each.
    private func inCategoryOrder<Value>(_ values: [Value], categories: [XtreamCategory], category: KeyPath<Value, String?>) -> [Value] {
        let order = Dictionary(categories.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        return values.enumerated().sorted { a, b in
            let ca = a.element[keyPath: category].flatMap { order[$0] } ?? Int.max
            let cb = b.element[keyPath: category].flatMap { order[$0] } ?? Int.max
            return ca != cb ? ca < cb : a.offset < b.offset
        }.map(\.element)
    }

    /// An episode's own title without the show's name and code servers put
    /// in it ("Show - S01E02 - Pilot" → "Pilot").
    static func stripped(_ title: String, show: String, code: String) -> String {
        var text = Substring(title)
        for part in [show, code] {
            let trimmed = text.drop { $0 == " " || $0 == "-" || $0 == "·" || $0 == ":" }
            if trimmed.lowercased().hasPrefix(part.lowercased()) { text = trimmed.dropFirst(part.count) }
        }
        let result = text.drop { $0 == " " || $0 == "-" || $0 == "·" || $0 == ":" }
        return result.isEmpty ? title : String(result)
    }
}

private extension MediaItem {
    /// Rated as for adults: TV's ranks for an episode, films' for a film.
    mutating func rateAdult(tv: Bool) {
        rating = AdultGroups.rating
        contentRating = RatingsTable.standard.parseAge(AdultGroups.rating, media: tv ? .tv : .movie)
    }
}
