import Foundation

/// Reads the JSON answers of `player_api.php`, leniently (numbers as text,
/// lists as objects, empty strings for nothing): a list whose shape is
/// wrong is an `XtreamFailure.unexpectedJSON` naming the field; an element
/// without what it needs is skipped and named in `problems`. Pure; any thread.
public enum XtreamDecoder {
    /// Values read from a list, and what was skipped and why.
    public struct Decoded<Value: Sendable>: Sendable {
        public var values: [Value]
        /// At most `problemLimit` messages, then how many more.
        public var problems: [String]
    }

    static let problemLimit = 20

    /// `player_api.php` with no action: the account, or why it is refused.
    /// `[]`, `{}` or `{"user_info":{"auth":0}}` are a refusal (servers differ).
    public static func accountInfo(_ data: Data) throws(XtreamFailure) -> XtreamAccountInfo {
        let action = "player_api.php"
        let json = try XtreamFields.json(data, action: action)
        if let array = json as? [Any], array.isEmpty { return XtreamAccountInfo(authorized: false) }
        guard let object = json as? [String: Any] else {
            throw .unexpectedJSON(action: action, field: "the answer", expected: "an object with user_info")
        }
        let root = XtreamFields(values: object, place: "")
        guard let user = root.object("user_info") else {
            if object.isEmpty { return XtreamAccountInfo(authorized: false) }
            throw .unexpectedJSON(action: action, field: "user_info", expected: "there")
        }
        let server = root.object("server_info")
        let formats = (user.values["allowed_output_formats"] as? [Any])?.compactMap { $0 as? String } ?? []
        return XtreamAccountInfo(
            authorized: user.flag("auth"), status: user.string("status"), expires: user.double("exp_date").flatMap { $0 > 0 ? $0 : nil },
            maxConnections: user.int("max_connections"), activeConnections: user.int("active_cons"), isTrial: user.flag("is_trial"),
            formats: formats, message: user.string("message"), timezone: server?.string("timezone"))
    }

    /// `get_live_categories`, `get_vod_categories`, `get_series_categories`.
    public static func categories(_ data: Data, action: String) throws(XtreamFailure) -> Decoded<XtreamCategory> {
        try decode(data, action: action) { fields throws(XtreamFailure) in
            XtreamCategory(id: try fields.requiredString("category_id", action: action), name: fields.string("category_name") ?? "",
                           isAdult: fields.flag("is_adult"))
        }
    }

    /// `get_live_streams`.
    public static func liveStreams(_ data: Data) throws(XtreamFailure) -> Decoded<XtreamLiveStream> {
        let action = "get_live_streams"
        return try decode(data, action: action) { fields throws(XtreamFailure) in
            XtreamLiveStream(
                number: fields.int("num"), name: try fields.requiredString("name", action: action),
                streamID: try fields.requiredInt("stream_id", action: action), icon: fields.string("stream_icon"),
                guideID: fields.string("epg_channel_id"), categoryID: fields.string("category_id"), archive: fields.flag("tv_archive"),
                archiveDays: fields.int("tv_archive_duration"), isAdult: fields.flag("is_adult"))
        }
    }

    /// `get_vod_streams`.
    public static func films(_ data: Data) throws(XtreamFailure) -> Decoded<XtreamFilm> {
        let action = "get_vod_streams"
        return try decode(data, action: action) { fields throws(XtreamFailure) in
            XtreamFilm(
                name: try fields.requiredString("name", action: action), streamID: try fields.requiredInt("stream_id", action: action),
                icon: fields.string("stream_icon"), categoryID: fields.string("category_id"),
                containerExtension: extensionName(fields.string("container_extension")), added: fields.double("added"),
                isAdult: fields.flag("is_adult"))
        }
    }

    /// `get_vod_info&vod_id=N`.
    public static func filmInfo(_ data: Data) throws(XtreamFailure) -> XtreamFilmInfo {
        let action = "get_vod_info"
        guard let object = try XtreamFields.json(data, action: action) as? [String: Any] else {
            throw .unexpectedJSON(action: action, field: "the answer", expected: "an object")
        }
        guard let info = XtreamFields(values: object, place: "").object("info") else { return XtreamFilmInfo() }
        return XtreamFilmInfo(
            plot: info.string("plot") ?? info.string("description"), image: info.string("movie_image") ?? info.string("cover_big"),
            genre: info.string("genre"), duration: info.double("duration_secs"), rating: info.string("mpaa_rating") ?? info.string("age"),
            age: info.string("age"))
    }

    /// `get_series`.
    public static func series(_ data: Data) throws(XtreamFailure) -> Decoded<XtreamSeries> {
        let action = "get_series"
        return try decode(data, action: action) { fields throws(XtreamFailure) in
            XtreamSeries(
                seriesID: try fields.requiredInt("series_id", action: action), name: try fields.requiredString("name", action: action),
                cover: fields.string("cover"), plot: fields.string("plot"), categoryID: fields.string("category_id"),
                lastModified: fields.string("last_modified"), isAdult: fields.flag("is_adult"))
        }
    }

    /// `get_series_info&series_id=N`: its episodes by season then number.
    /// `episodes` is an object of seasons or (as PHP writes a list) an array
    /// of them.
    public static func episodes(_ data: Data) throws(XtreamFailure) -> Decoded<XtreamEpisode> {
        let action = "get_series_info"
        guard let object = try XtreamFields.json(data, action: action) as? [String: Any] else {
            throw .unexpectedJSON(action: action, field: "the answer", expected: "an object")
        }
        var seasons: [(key: String, value: Any)] = []
        switch object["episodes"] {
        case let bySeason as [String: Any]: seasons = bySeason.map { ($0.key, $0.value) }
        case let list as [Any]: seasons = list.enumerated().map { (String($0.offset + 1), $0.element) }
        case nil, is NSNull: return Decoded(values: [], problems: [])
        default: throw .unexpectedJSON(action: action, field: "episodes", expected: "an object of seasons")
        }
        var values: [XtreamEpisode] = []
        var problems: [String] = []
        for (key, value) in seasons {
            guard let list = value as? [Any] else {
                problems.append("\(action): episodes.\(key) is not a list; skipped")
                continue
            }
            for (index, element) in list.enumerated() {
                guard let entry = element as? [String: Any] else { continue }
                let fields = XtreamFields(values: entry, place: "episodes.\(key)[\(index)]")
                guard let id = fields.string("id") else {
                    problems.append("\(action): episodes.\(key)[\(index)].id is not there; skipped")
                    continue
                }
                let info = fields.object("info")
                values.append(XtreamEpisode(
                    id: id, season: fields.int("season") ?? Int(key) ?? 1, number: fields.int("episode_num") ?? index + 1,
                    title: fields.string("title"), containerExtension: extensionName(fields.string("container_extension")),
                    plot: info?.string("plot"), image: info?.string("movie_image"), duration: info?.double("duration_secs")))
            }
        }
        values.sort { ($0.season, $0.number) < ($1.season, $1.number) }
        return Decoded(values: values, problems: limited(problems))
    }

    /// A container extension safe to put in a URL path ("mp4" when it is
    /// missing or odd).
    static func extensionName(_ text: String?) -> String {
        guard let text, !text.isEmpty, text.count <= 8, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return "mp4" }
        return text.lowercased()
    }

    private static func decode<Value>(_ data: Data, action: String, _ make: (XtreamFields) throws(XtreamFailure) -> Value) throws(XtreamFailure) -> Decoded<Value> {
        let (elements, skipped) = try XtreamFields.list(data, action: action)
        var values: [Value] = []
        values.reserveCapacity(elements.count)
        var problems: [String] = []
        if skipped > 0 { problems.append("\(action): \(skipped == 1 ? "1 entry is not an object" : "\(skipped) entries are not objects"); skipped") }
        for fields in elements {
            do {
                values.append(try make(fields))
            } catch {
                problems.append("\(error); skipped")
            }
        }
        return Decoded(values: values, problems: limited(problems))
    }

    private static func limited(_ problems: [String]) -> [String] {
        problems.count <= problemLimit ? problems : Array(problems.prefix(problemLimit)) + ["and \(problems.count - problemLimit) more"]
    }
}
