import Foundation

/// An Xtream Codes server for tests: `player_api.php` (the account, live
/// channels in two categories, a film, a series of two episodes) and
/// `xmltv.php` answered from fixtures made at start (programmes around the
/// time it started), live channels as sliding HLS windows of pre-encoded
/// segments, films, episodes and `/timeshift/…` archives from one clip.
/// The password it accepts can be changed (`acceptPassword`) to play a
/// provider that changed it. Any thread.
public final class XtreamTestServer: @unchecked Sendable {
    public let server: LocalHTTPServer
    public let user: String
    private let lock = NSLock()
    private var password: String
    private var extraChannels: [String] = []
    private var seriesModified = 1_700_000_000
    private var filmRating: String?
    private var filmAge: String?
    private var unstamped = 0
    private var moreFilms = 0
    private var emptied = false
    /// When it started (Unix seconds): the guide's programmes are placed
    /// around it, on whole hours.
    public let started: Double

    /// `segments`: a folder of `seg000.ts`… (`TestMedia.liveSegments`);
    /// `clip`: the file films, episodes and archives serve.
    public init(user: String, password: String, segments: String, segmentCount: Int = 20, clip: String) throws {
        self.user = user
        self.password = password
        let start = Date()
        started = start.timeIntervalSince1970
        let clipData = try Data(contentsOf: URL(fileURLWithPath: clip))
        let box = Box()
        server = try LocalHTTPServer(directory: segments, answer: { target in
            box.owner?.respond(target, start: start, segmentCount: segmentCount, clip: clipData)
        })
        box.owner = self
    }

    private final class Box: @unchecked Sendable { weak var owner: XtreamTestServer? }

    /// `http://127.0.0.1:PORT`: what `account add --xtream` is given.
    public var base: String { "http://127.0.0.1:\(server.port)" }

    /// From now on only `password` signs in.
    public func acceptPassword(_ password: String) {
        lock.lock()
        self.password = password
        lock.unlock()
    }

    /// From now on `get_live_streams` also lists channel `number` named
    /// `name` (stream id `number + 100`, in the news category, its guide
    /// `guideID`; marked `is_adult` when `adult`), as a provider adding a
    /// channel. `xmltv.php` always has "four.xc" ("Four Now", the hour on
    /// now), for such a channel.
    public func addChannel(number: Int, name: String, guideID: String = "four.xc", adult: Bool = false) {
        let channel = #"{"num":\#(number),"name":"\#(name)","stream_type":"live","stream_id":\#(number + 100),"epg_channel_id":"\#(guideID)","category_id":"10","tv_archive":0,"is_adult":"\#(adult ? 1 : 0)"}"#
        lock.withLock { extraChannels.append(channel) }
    }

    /// From `true` on, the account signs in but lists no channels, films
    /// or series (`[]`), as an account run out or a provider's failure
    /// sent as empty lists; `false` lists them again.
    public func empty(_ on: Bool) {
        lock.withLock { emptied = on }
    }

    /// The series' `last_modified` moves on, as a provider adding an episode.
    public func touchSeries() {
        lock.withLock { seriesModified += 60 }
    }

    /// From now on `get_series` also lists `count` series without a
    /// `last_modified` (ids 1000…), as many providers send them, each with
    /// one episode.
    public func addUnstampedSeries(_ count: Int) {
        lock.withLock { unstamped = count }
    }

    /// From now on `get_vod_streams` also lists `count` films (ids 1000…,
    /// "Film 0" …), as a provider's catalogue of many.
    public func addFilms(_ count: Int) {
        lock.withLock { moreFilms = count }
    }

    private var addedFilms: String {
        let count = lock.withLock { moreFilms }
        return (0..<count).map { #",{"num":\#($0 + 2),"name":"Film \#($0)","stream_type":"movie","stream_id":\#(1000 + $0),"category_id":"30","container_extension":"mp4"}"# }.joined()
    }

    private var unstampedSeries: String {
        let count = lock.withLock { unstamped }
        return (0..<count).map { #",{"num":\#($0 + 2),"name":"Show \#($0)","series_id":\#(1000 + $0),"category_id":"40"}"# }.joined()
    }

    /// From now on `get_vod_info` gives the film this `mpaa_rating` (nil:
    /// none, as many providers).
    public func rateFilm(_ rating: String?) {
        lock.withLock { filmRating = rating }
    }

    /// From now on `get_vod_info` gives the film this `age` ("16+"; nil: none).
    public func ageFilm(_ age: String?) {
        lock.withLock { filmAge = age }
    }

    private var filmRatingField: String {
        lock.withLock { (filmRating.map { #","mpaa_rating":"\#($0)""# } ?? "") + (filmAge.map { #","age":"\#($0)""# } ?? "") }
    }

    private var seriesStamp: Int { lock.withLock { seriesModified } }

    private var addedChannels: String { lock.withLock { extraChannels.map { "," + $0 }.joined() } }

    private var currentPassword: String {
        lock.lock()
        defer { lock.unlock() }
        return password
    }

    public func stop() { server.stop() }

    /// The hour the guide is built around: the programme on now started at it.
    public var hour: Double { (started / 3600).rounded(.down) * 3600 }

    private func respond(_ target: String, start: Date, segmentCount: Int, clip: Data) -> Data? {
        let path = String(target.prefix { $0 != "?" })
        let query = Dictionary(target.drop { $0 != "?" }.dropFirst().split(separator: "&").map { pair -> (String, String) in
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }, uniquingKeysWith: { first, _ in first })
        let signedIn = query["username"] == user && query["password"] == currentPassword
        switch path {
        case "player_api.php":
            guard signedIn else { return Data(#"{"user_info":{"auth":0}}"#.utf8) }
            if lock.withLock({ emptied }), ["get_live_streams", "get_vod_streams", "get_series"].contains(query["action"] ?? "") { return Data("[]".utf8) }
            return Data(api(query["action"], query).utf8)
        case "xmltv.php":
            return signedIn ? Data(guide().utf8) : Data()
        default:
            break
        }
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count >= 4, parts[1] == user, parts[2] == currentPassword else { return nil }
        switch parts[0] {
        case "live":
            let duration = 1.0, window = 6
            let now = Int(Date().timeIntervalSince(start) / duration) + window
            let first = now - window
            var text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:\(first)\n"
            text += "#EXT-X-DISCONTINUITY-SEQUENCE:\(first / segmentCount)\n"
            for sequence in first..<now {
                if sequence % segmentCount == 0, sequence != first { text += "#EXT-X-DISCONTINUITY\n" }
                text += "#EXTINF:1.000,\n/seg\(String(format: "%03d", sequence % segmentCount)).ts\n"
            }
            return Data(text.utf8)
        case "movie", "series", "timeshift":
            return clip
        default:
            return nil
        }
    }

    private func api(_ action: String?, _ query: [String: String]) -> String {
        let logo = "\(base)/logo"
        switch action {
        case nil:
            return """
                {"user_info":{"username":"\(user)","password":"\(currentPassword)","message":"Welcome","auth":1,"status":"Active",
                "exp_date":"\(Int(started) + 30 * 86400)","is_trial":"0","active_cons":"0","created_at":"1700000000","max_connections":"2",
                "allowed_output_formats":["m3u8","ts","rtmp"]},
                "server_info":{"url":"127.0.0.1","port":"\(server.port)","https_port":"","server_protocol":"http","rtmp_port":"",
                "timezone":"UTC","timestamp_now":\(Int(Date().timeIntervalSince1970)),"time_now":""}}
                """
        case "get_live_categories":
            return #"[{"category_id":"10","category_name":"XC News","parent_id":0},{"category_id":"20","category_name":"XC Sport","parent_id":0}]"#
        case "get_live_streams":
            return """
                [{"num":2,"name":"XC Sport One","stream_type":"live","stream_id":102,"stream_icon":"","epg_channel_id":"sport1.xc",
                  "added":"1700000000","category_id":"20","custom_sid":"","tv_archive":0,"direct_source":"","tv_archive_duration":0},
                 {"num":"1","name":"XC News","stream_type":"live","stream_id":"101","stream_icon":"\(logo)/101.png","epg_channel_id":"news.xc",
                  "added":"1700000000","category_id":"10","custom_sid":"","tv_archive":1,"direct_source":"","tv_archive_duration":"3"},
                 {"num":3,"name":"XC Sport Two","stream_type":"live","stream_id":103,"stream_icon":null,"epg_channel_id":null,
                  "category_id":"20","tv_archive":"0"}\(addedChannels)]
                """
        case "get_vod_categories":
            return #"[{"category_id":"30","category_name":"Drama","parent_id":0}]"#
        case "get_vod_streams":
            return """
                [{"num":1,"name":"The Test Film","stream_type":"movie","stream_id":201,"stream_icon":"\(logo)/201.jpg","rating":"7.1",
                  "rating_5based":3.6,"added":"1700000000","category_id":"30","container_extension":"mp4","custom_sid":null,"direct_source":""}\(addedFilms)]
                """
        case "get_vod_info":
            return #"{"info":{"plot":"A film for tests.","duration_secs":60,"genre":"Drama"\#(filmRatingField)},"movie_data":{"stream_id":201,"name":"The Test Film","container_extension":"mp4"}}"#
        case "get_series_categories":
            return #"[{"category_id":"40","category_name":"Comedy","parent_id":0}]"#
        case "get_series":
            return #"[{"num":1,"name":"Test Show","series_id":301,"cover":"\#(logo)/301.jpg","plot":"A show for tests.","category_id":"40","last_modified":"\#(seriesStamp)"}\#(unstampedSeries)]"#
        case "get_series_info":
            if let id = query["series_id"].flatMap(Int.init), id >= 1000 {
                return #"{"seasons":[],"info":{"name":"Show \#(id - 1000)"},"episodes":{"1":[{"id":"\#(id * 10)","episode_num":1,"title":"Pilot","container_extension":"mp4","season":1}]}}"#
            }
            guard query["series_id"] == "301" else { return "[]" }
            return """
                {"seasons":[{"season_number":1,"name":"Season 1"}],"info":{"name":"Test Show"},
                 "episodes":{"1":[{"id":"3012","episode_num":"2","title":"Test Show - S01E02 - Second","container_extension":"mp4","season":"1","info":{"plot":"The second."}},
                                  {"id":"3011","episode_num":1,"title":"Test Show - S01E01 - Pilot","container_extension":"mp4","season":1,"info":{"plot":"The first."}}]}}
                """
        default:
            return "[]"
        }
    }

    private func guide() -> String {
        func time(_ t: Double) -> String {
            let formatter = DateFormatter()
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyyMMddHHmmss"
            return formatter.string(from: Date(timeIntervalSince1970: t)) + " +0000"
        }
        var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<tv>\n"
        for (id, name) in [("news.xc", "XC News"), ("sport1.xc", "XC Sport One"), ("four.xc", "XC Four")] {
            text += "<channel id=\"\(id)\"><display-name>\(name)</display-name></channel>\n"
        }
        let shows = [(-2.0, "Earlier News"), (-1.0, "Morning News"), (0.0, "News Now"), (1.0, "News Later")]
        for (offset, title) in shows {
            text += "<programme start=\"\(time(hour + offset * 3600))\" stop=\"\(time(hour + (offset + 1) * 3600))\" channel=\"news.xc\"><title>\(title)</title></programme>\n"
        }
        text += "<programme start=\"\(time(hour))\" stop=\"\(time(hour + 3600))\" channel=\"sport1.xc\"><title>Match Live</title></programme>\n"
        text += "<programme start=\"\(time(hour))\" stop=\"\(time(hour + 3600))\" channel=\"four.xc\"><title>Four Now</title></programme>\n"
        return text + "</tv>\n"
    }
}
