import Foundation

/// The catalogue from the server's answers, as fetched or as stored: keyed
/// by request (`XtreamRequest.key`). A list not in `answers` is empty; one
/// that cannot be read is an `XtreamFailure` naming it. Pure.
extension XtreamCatalog {
    public init(answers: [String: Data]) throws(XtreamFailure) {
        self.init()
        if let data = answers[XtreamRequest.account.key] { account = try XtreamDecoder.accountInfo(data) }
        func read<Value>(_ request: XtreamRequest, _ decode: (Data) throws(XtreamFailure) -> XtreamDecoder.Decoded<Value>) throws(XtreamFailure) -> [Value] {
            guard let data = answers[request.key] else { return [] }
            let decoded = try decode(data)
            problems += decoded.problems
            return decoded.values
        }
        liveCategories = try read(.liveCategories) { data throws(XtreamFailure) in try XtreamDecoder.categories(data, action: "get_live_categories") }
        live = try read(.liveStreams, XtreamDecoder.liveStreams)
        filmCategories = try read(.filmCategories) { data throws(XtreamFailure) in try XtreamDecoder.categories(data, action: "get_vod_categories") }
        films = try read(.films, XtreamDecoder.films)
        seriesCategories = try read(.seriesCategories) { data throws(XtreamFailure) in try XtreamDecoder.categories(data, action: "get_series_categories") }
        series = try read(.series, XtreamDecoder.series)
        for show in series {
            let episodes = try read(.seriesInfo(show.seriesID), XtreamDecoder.episodes)
            if !episodes.isEmpty { self.episodes[show.seriesID] = episodes }
        }
    }

    /// Throws what `init(answers:)` would for `answers`, decoding one
    /// answer at a time and keeping none: a provider's lists checked before
    /// they are stored, never all held decoded at once.
    public static func check(_ answers: [String: Data]) throws(XtreamFailure) {
        for (key, data) in answers {
            if key.hasPrefix(XtreamRequest.seriesInfoKeyPrefix) {
                _ = try XtreamDecoder.episodes(data)
            } else {
                _ = try XtreamCatalog(answers: [key: data])
            }
        }
    }
}

/// One request of `player_api.php`: its action and parameters, and the key
/// its answer is stored under. Pure.
public enum XtreamRequest: Equatable, Hashable, Sendable {
    case account
    case liveCategories
    case liveStreams
    case filmCategories
    case films
    case seriesCategories
    case series
    case seriesInfo(Int)
    case filmInfo(Int)

    /// The lists read on every refresh, in order (series' episodes after).
    public static let lists: [XtreamRequest] = [.liveCategories, .liveStreams, .filmCategories, .films, .seriesCategories, .series]

    public var action: String? {
        switch self {
        case .account: nil
        case .liveCategories: "get_live_categories"
        case .liveStreams: "get_live_streams"
        case .filmCategories: "get_vod_categories"
        case .films: "get_vod_streams"
        case .seriesCategories: "get_series_categories"
        case .series: "get_series"
        case .seriesInfo: "get_series_info"
        case .filmInfo: "get_vod_info"
        }
    }

    public var parameters: [(String, String)] {
        switch self {
        case .seriesInfo(let id): [("series_id", String(id))]
        case .filmInfo(let id): [("vod_id", String(id))]
        default: []
        }
    }

    /// Where its answer is stored: the action (and id), never the credentials.
    public var key: String {
        switch self {
        case .account: "account"
        case .seriesInfo(let id): Self.seriesInfoKeyPrefix + String(id)
        case .filmInfo(let id): "get_vod_info:\(id)"
        default: action ?? "account"
        }
    }

    /// How the key of a series' episodes begins (its id follows).
    public static let seriesInfoKeyPrefix = "get_series_info:"

    /// Its URL on `server`.
    public func url(_ server: XtreamServer) -> String { server.api(action, parameters) }
}
