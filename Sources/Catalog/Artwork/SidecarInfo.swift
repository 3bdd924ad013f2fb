import Foundation
import MediaModel

/// What a media centre's `.nfo` beside a local file says of it (Kodi's
/// format, which tinyMediaManager, Radarr, Sonarr and Jellyfin write):
/// `NAME.nfo`, else `movie.nfo` in a folder of one film. A `<movie>` gives
/// its title, year, plot and rating (`<mpaa>`); an `<episodedetails>` its
/// show, season, episode, title, plot and rating. Read through libxml2
/// (`XMLReader`: no network, no entities); an `.nfo` that is no such
/// document (a bare IMDb link, as some are) gives nothing. Reads the file
/// system; call it while loading inputs, not on the run loop.
public struct SidecarInfo: Equatable, Sendable {
    public var title: String?
    public var year: Int?
    public var plot: String?
    /// As written (`<mpaa>`): "Rated R", "US:PG-13", "TV-MA", "UK:15",
    /// "DE:FSK 16".
    public var rating: String?
    public var show: String?
    public var season: Int?
    public var episode: Int?

    public init(title: String? = nil, year: Int? = nil, plot: String? = nil, rating: String? = nil, show: String? = nil, season: Int? = nil,
                episode: Int? = nil) {
        self.title = title
        self.year = year
        self.plot = plot
        self.rating = rating
        self.show = show
        self.season = season
        self.episode = episode
    }

    /// The most of an `.nfo` read (a film's is a few kilobytes).
    static let largest = 1 << 20
    /// The most of one field kept (a plot is a paragraph).
    static let longestField = 16 << 10

    /// The `.nfo` for the local `file`, if one is there. `alone`: whether
    /// `file` is the only media file in its folder (a folder's `movie.nfo`
    /// is its one film's, not each of many files'); nil: the folder is
    /// listed to know.
    public static func path(for file: String, alone: Bool? = nil) -> String? {
        guard !file.contains("://") else { return nil }
        let url = URL(fileURLWithPath: file)
        let own = url.deletingPathExtension().path + ".nfo"
        if FileManager.default.isReadableFile(atPath: own) { return own }
        let folder = url.deletingLastPathComponent()
        let movie = folder.appendingPathComponent("movie.nfo").path
        guard alone != false, FileManager.default.isReadableFile(atPath: movie) else { return nil }
        if alone == true { return movie }
        let films = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?
            .filter { MediaFiles.extensions.contains(($0 as NSString).pathExtension.lowercased()) } ?? []
        return films.count == 1 ? movie : nil
    }

    /// What the `.nfo` beside `file` says (`alone`: as for `path`), nil
    /// when there is none or it says nothing this reads.
    public static func read(for file: String, alone: Bool? = nil) -> SidecarInfo? {
        path(for: file, alone: alone).flatMap(read(at:))
    }

    /// What the `.nfo` at `path` says; nil when it cannot be read or says
    /// nothing this reads.
    public static func read(at path: String) -> SidecarInfo? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: largest) else { return nil }
        return parse(data)
    }

    /// A Kodi `.nfo`'s fields; nil for anything else (a link, a gzip file,
    /// broken XML before its root's fields).
    public static func parse(_ data: Data) -> SidecarInfo? {
        guard !data.starts(with: [0x1F, 0x8B]), let reader = XMLReader(data: data) else { return nil }
        var info = SidecarInfo()
        var depth = 0, root: String?, field: String?, text = ""
        while let node = reader.next() {
            switch node {
            case .start(let name, _, let empty):
                if depth == 0 {
                    guard name == "movie" || name == "episodedetails" else { return nil }
                    root = name
                } else if depth == 1 {
                    field = name
                    text = ""
                }
                if !empty { depth += 1 } else if depth == 1 { field = nil }
            case .text(let value):
                if depth == 2, field != nil, text.utf8.count < longestField { text += value }
            case .end:
                depth -= 1
                if depth == 1, let name = field {
                    info.set(name, String(text.prefix(longestField)).trimmingCharacters(in: .whitespacesAndNewlines))
                    field = nil
                }
            }
        }
        guard root != nil, info != SidecarInfo() else { return nil }
        if root == "movie" { info.show = nil; info.season = nil; info.episode = nil }
        return info
    }

    private mutating func set(_ field: String, _ value: String) {
        guard !value.isEmpty else { return }
        switch field {
        case "title": title = value
        case "year": year = Int(value).flatMap { (1870...2200).contains($0) ? $0 : nil }
        case "premiered", "aired": year = year ?? Int(value.prefix(4)).flatMap { (1870...2200).contains($0) ? $0 : nil }
        case "plot": plot = value
        case "outline": plot = plot ?? value
        case "mpaa": rating = value
        case "showtitle": show = value
        case "season": season = Int(value).flatMap { $0 >= 0 ? $0 : nil }
        case "episode": episode = Int(value).flatMap { $0 >= 0 ? $0 : nil }
        default: break
        }
    }

    /// The title to show: "Title (Year)", "Show — S01E02: Title".
    public var shownTitle: String? {
        if let show, let season, let episode {
            let mark = "S" + (season < 10 ? "0" : "") + String(season) + "E" + (episode < 10 ? "0" : "") + String(episode)
            return title.map { "\(show) — \(mark): \($0)" } ?? "\(show) — \(mark)"
        }
        guard let title else { return nil }
        return year.map { "\(title) (\($0))" } ?? title
    }

    /// `rating` as the ratings table reads it: Kodi's "Rated R", "US:R",
    /// "UK:15", "DE:16" or "Germany:FSK 16" forms made "R", "BBFC 15",
    /// "FSK 16".
    public var ratingCode: String? {
        guard var value = rating?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.lowercased().hasPrefix("rated ") { value = String(value.dropFirst(6)) }
        guard let colon = value.firstIndex(of: ":") else { return value }
        let country = value[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        var code = value[value.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        if code.lowercased().hasPrefix("rated ") { code = String(code.dropFirst(6)) }
        switch country {
        case "us", "usa", "united states": return code
        case "uk", "gb", "united kingdom": return code.uppercased().hasPrefix("BBFC") ? code : "BBFC " + code
        case "de", "germany", "deutschland": return code.uppercased().hasPrefix("FSK") ? code : "FSK " + code
        default: return code
        }
    }

    /// `item` with what this says: its title (no longer the file's name),
    /// plot and rating (resolved through the ratings table).
    public func applied(to item: MediaItem, table: RatingsTable = .standard) -> MediaItem {
        var item = item
        if let shownTitle {
            item.title = shownTitle
            item.titleFromLocation = false
        }
        if let plot { item.summary = plot }
        if let code = ratingCode, item.contentRating == nil {
            item.rating = code
            item.contentRating = table.parseRating(code, media: show == nil ? .movie : .tv)
        }
        return item
    }
}
