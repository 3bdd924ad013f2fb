import Foundation
import Catalog
import MediaModel
import Testing

private let server = XtreamServer(server: "http://tv.example:8080/", user: "alice", password: "pa ss/wd")!

private func data(_ text: String) -> Data { Data(text.utf8) }

@Suite("Xtream Codes: the JSON of player_api.php, and the lineup and items made from it")
struct XtreamTests {
    @Test("the account: auth, status, expiry, connections, formats and time zone, written as numbers or text; [] and auth 0 are a refusal")
    func account() throws {
        let info = try XtreamDecoder.accountInfo(data("""
            {"user_info":{"auth":1,"status":"Active","exp_date":"1800000000","max_connections":"2","active_cons":0,"is_trial":"1",
             "allowed_output_formats":["m3u8","ts"]},"server_info":{"timezone":"Europe/London"}}
            """))
        #expect(info == XtreamAccountInfo(authorized: true, status: "Active", expires: 1_800_000_000, maxConnections: 2, activeConnections: 0,
                                          isTrial: true, formats: ["m3u8", "ts"], timezone: "Europe/London"))
        #expect(info.failure(server: "S", user: "u", now: 1_700_000_000) == nil)
        #expect(info.failure(server: "S", user: "u", now: 1_900_000_000) == .inactive(server: "S", status: "Expired", expires: 1_800_000_000))
        #expect(info.summary(now: 1_700_000_000) == "active · trial · expires 2027-01-15 · 2 connections")
        #expect(try XtreamDecoder.accountInfo(data("[]")).authorized == false)
        #expect(try XtreamDecoder.accountInfo(data(#"{"user_info":{"auth":0}}"#)).failure(server: "S", user: "u", now: 0) == .wrongCredentials(server: "S", user: "u"))
        #expect(try XtreamDecoder.accountInfo(data(#"{"user_info":{"auth":1,"status":"Banned"}}"#)).failure(server: "S", user: "u", now: 0)
            == .inactive(server: "S", status: "Banned", expires: nil))
        #expect(throws: XtreamFailure.unexpectedJSON(action: "player_api.php", field: "user_info", expected: "there")) {
            try XtreamDecoder.accountInfo(data(#"{"server_info":{}}"#))
        }
        #expect(throws: XtreamFailure.unexpectedJSON(action: "player_api.php", field: "the answer", expected: "JSON (it begins \"<html>\")")) {
            try XtreamDecoder.accountInfo(data("<html>"))
        }
        let page = "<!DOCTYPE html>\n<html><head><title>Account suspended</title></head><body>Contact your reseller</body></html>"
        #expect(throws: XtreamFailure.unexpectedJSON(action: "player_api.php", field: "the answer", expected: "JSON (it is a web page: “Account suspended”)")) {
            try XtreamDecoder.accountInfo(data(page))
        }
    }

    @Test("the provider's message as a notice: control characters and runs of spaces go, a long one is cut; an empty one says nothing")
    func message() throws {
        let info = try XtreamDecoder.accountInfo(data(#"{"user_info":{"auth":1,"message":"Welcome\u001b[2J to\n\n  XC TV"}}"#))
        #expect(info.notice(account: "tv") == "Account tv: Welcome [2J to XC TV")
        #expect(XtreamAccountInfo(authorized: true, message: " \n ").notice(account: "tv") == nil)
        #expect(XtreamAccountInfo(authorized: true).notice(account: "tv") == nil)
        let long = XtreamAccountInfo(authorized: true, message: String(repeating: "a", count: 400)).notice(account: "tv")
        #expect(long == "Account tv: " + String(repeating: "a", count: 159) + "…")
    }

    @Test("live streams: numbers as text, null and empty strings as nothing; one without a stream_id is skipped and named; a list that is not one is an error naming it")
    func liveStreams() throws {
        let decoded = try XtreamDecoder.liveStreams(data("""
            [{"num":"7","name":"News","stream_id":"101","stream_icon":"","epg_channel_id":null,"category_id":3,"tv_archive":"1","tv_archive_duration":"5"},
             {"num":8,"name":"Broken","stream_id":""},
             "not an object",
             {"name":"Sport","stream_id":102.0,"tv_archive":0}]
            """))
        #expect(decoded.values == [
            XtreamLiveStream(number: 7, name: "News", streamID: 101, categoryID: "3", archive: true, archiveDays: 5),
            XtreamLiveStream(name: "Sport", streamID: 102),
        ])
        #expect(decoded.problems == ["get_live_streams: 1 entry is not an object; skipped",
                                     "get_live_streams: [1].stream_id is not a number; skipped"])
        #expect(throws: XtreamFailure.unexpectedJSON(action: "get_live_streams", field: "the answer", expected: "a list")) {
            try XtreamDecoder.liveStreams(data("42"))
        }
        #expect(try XtreamDecoder.liveStreams(data("{}")).values.isEmpty, "an empty object is an empty list")
    }

    @Test("series info: episodes by season as an object or a list, sorted; a film's info")
    func episodes() throws {
        let byObject = try XtreamDecoder.episodes(data("""
            {"episodes":{"2":[{"id":"21","episode_num":1,"title":"B","container_extension":"MKV"}],
                          "1":[{"id":"12","episode_num":"2","title":"A2","container_extension":"../x"},{"id":"11","episode_num":1,"info":{"plot":"P","duration_secs":"60"}}]}}
            """))
        #expect(byObject.values.map(\.id) == ["11", "12", "21"])
        #expect(byObject.values.map(\.containerExtension) == ["mp4", "mp4", "mkv"], "an odd extension is mp4")
        #expect(byObject.values[0].plot == "P" && byObject.values[0].duration == 60)
        let byList = try XtreamDecoder.episodes(data(#"{"episodes":[[{"id":"1"}],[{"id":"2"}]]}"#))
        #expect(byList.values.map { "\($0.season)x\($0.number)" } == ["1x1", "2x1"])
        #expect(try XtreamDecoder.episodes(data(#"{"episodes":null}"#)).values.isEmpty)
        let film = try XtreamDecoder.filmInfo(data(#"{"info":{"plot":"A film.","movie_image":"http://x/p.jpg","duration_secs":5400,"mpaa_rating":"PG-13"}}"#))
        #expect(film == XtreamFilmInfo(plot: "A film.", image: "http://x/p.jpg", duration: 5400, rating: "PG-13"))
        let aged = try XtreamDecoder.filmInfo(data(#"{"info":{"mpaa_rating":"","age":"16+"}}"#))
        #expect(aged.rating == "16+" && aged.age == "16+", "an empty mpaa_rating is none; the age is kept as given")
    }

    @Test("the server's URLs: API, guide, live, film, episode and archive, the account percent-encoded; a server given as host:port or with player_api.php")
    func urls() throws {
        #expect(server.base == "http://tv.example:8080")
        #expect(server.api("get_series_info", [("series_id", "5")]) == "http://tv.example:8080/player_api.php?username=alice&password=pa%20ss%2Fwd&action=get_series_info&series_id=5")
        #expect(server.guide == "http://tv.example:8080/xmltv.php?username=alice&password=pa%20ss%2Fwd")
        #expect(server.live(7, ext: "m3u8") == "http://tv.example:8080/live/alice/pa%20ss%2Fwd/7.m3u8")
        #expect(server.archive(7) == "http://tv.example:8080/timeshift/alice/pa%20ss%2Fwd/{duration:60}/{Y}-{m}-{d}:{H}-{M}/7.ts")
        #expect(XtreamServer(server: "tv.example:8080/player_api.php", user: "u", password: "p")?.base == "http://tv.example:8080")
        #expect(XtreamServer(server: "ftp://tv.example", user: "u", password: "p") == nil)
        #expect(URLRedaction.redact(server.archive(7)).contains("/timeshift/***/***/"))
    }

    @Test("the lineup: categories in the account's order, numbers from num (the rest after), archive as xc catch-up in the server's time zone; the guide from xmltv.php")
    func lineup() throws {
        var catalog = XtreamCatalog()
        catalog.account = XtreamAccountInfo(authorized: true, formats: ["ts", "m3u8"])
        catalog.liveCategories = [XtreamCategory(id: "2", name: "Sport"), XtreamCategory(id: "1", name: "News")]
        catalog.live = [
            XtreamLiveStream(number: 1, name: "News One", streamID: 11, guideID: "n1", categoryID: "1", archive: true, archiveDays: 3),
            XtreamLiveStream(number: 5, name: "Sport Five", streamID: 25, categoryID: "2"),
            XtreamLiveStream(name: "Sport Unnumbered", streamID: 26, categoryID: "2"),
            XtreamLiveStream(number: 5, name: "Sport Dup", streamID: 27, categoryID: "2"),
        ]
        let lineup = catalog.lineup(server: server, archiveCorrection: 1)
        #expect(lineup.channels.map(\.name) == ["Sport Five", "Sport Dup", "Sport Unnumbered", "News One"])
        #expect(lineup.channels.map(\.number) == [5, 2, 3, 1])
        #expect(lineup.channels.map(\.group) == ["Sport", "Sport", "Sport", "News"])
        #expect(lineup.channels[3].url == "http://tv.example:8080/live/alice/pa%20ss%2Fwd/11.m3u8")
        let catchup = try #require(lineup.channels[3].catchup)
        #expect(catchup.mode == .xtreamCodes && catchup.days == 3 && catchup.correction == 1)
        // 2026-11-22 20:00 UTC, an hour: 21:00 on a server an hour ahead.
        #expect(CatchupURL.make(catchup, start: 1_795_377_600, end: 1_795_381_200, now: 1_795_390_000)
            == "http://tv.example:8080/timeshift/alice/pa%20ss%2Fwd/60/2026-11-22:21-00/11.ts")
        #expect(lineup.channels[0].catchup == nil)
        #expect(lineup.guideURLs == [server.guide])
        let items = lineup.playableChannels().items
        #expect(items[3].guideID == "n1" && items[3].isLive)
    }

    @Test("films by category, then each series' episodes in order with the show's name and code (Up Next goes on to the next episode); posters as artwork")
    func onDemand() throws {
        var catalog = XtreamCatalog()
        catalog.filmCategories = [XtreamCategory(id: "9", name: "Drama")]
        catalog.films = [XtreamFilm(name: "Other", streamID: 2), XtreamFilm(name: "Film", streamID: 1, icon: "http://x/f.jpg", categoryID: "9", containerExtension: "mkv")]
        catalog.series = [XtreamSeries(seriesID: 5, name: "Show", cover: "http://x/s.jpg", plot: "About it.")]
        catalog.episodes[5] = [
            XtreamEpisode(id: "51", season: 1, number: 1, title: "Show - S01E01 - Pilot"),
            XtreamEpisode(id: "52", season: 1, number: 2, title: "Show S01E02"),
            XtreamEpisode(id: "61", season: 2, number: 1, title: "The Return", image: "http://x/e.jpg"),
        ]
        let items = catalog.onDemand(server: server, account: "tv")
        #expect(items.map(\.title) == ["Film", "Other", "Show S01E01 · Pilot", "Show S01E02", "Show S02E01 · The Return"])
        #expect(items.map(\.group) == ["Films · Drama", "Films", "Series · Show", "Series · Show", "Series · Show"])
        #expect(items[0].url == "http://tv.example:8080/movie/alice/pa%20ss%2Fwd/1.mkv" && items[0].artwork == "http://x/f.jpg")
        #expect(items[2].url == "http://tv.example:8080/series/alice/pa%20ss%2Fwd/51.mp4")
        #expect(items[2].id == "xtream:tv/series/51" && items[2].summary == "About it." && items[2].artwork == "http://x/s.jpg")
        #expect(items[4].artwork == "http://x/e.jpg")
        #expect(items.allSatisfy { !$0.isLive })
    }

    @Test("what the provider marks as for adults (is_adult as 1, \"1\" or true; its category's flag; a category named XXX, PORN or 18+) is rated 18+: TV-MA on a channel or an episode, NC-17 on a film; \"Adult Swim\" is not")
    func adults() throws {
        let live = try XtreamDecoder.liveStreams(data(#"[{"num":1,"name":"A","stream_id":1,"is_adult":"1"},{"num":2,"name":"B","stream_id":2,"is_adult":0},{"num":3,"name":"C","stream_id":3,"is_adult":true,"category_id":"7"},{"num":4,"name":"D","stream_id":4,"category_id":"8"},{"num":5,"name":"E","stream_id":5,"category_id":"9"},{"num":6,"name":"F","stream_id":6,"category_id":"6"}]"#)).values
        #expect(live.map(\.isAdult) == [true, false, true, false, false, false])
        let categories = try XtreamDecoder.categories(data(#"[{"category_id":"7","category_name":"Night"},{"category_id":"8","category_name":"Late","is_adult":1},{"category_id":"9","category_name":"VOD | 18+ XXX"},{"category_id":"6","category_name":"Adult Swim"}]"#), action: "get_live_categories").values
        #expect(categories.map(\.isAdult) == [false, true, true, false])
        var catalog = XtreamCatalog()
        catalog.liveCategories = categories
        catalog.live = live
        let items = catalog.lineup(server: server).playableChannels().items
        let tvMA = RatingsTable.standard.parseAge("18+", media: .tv)
        let byTitle = Dictionary(uniqueKeysWithValues: items.map { ($0.title, $0) })
        #expect(["A", "B", "C", "D", "E", "F"].map { byTitle[$0]?.contentRating } == [tvMA, nil, tvMA, tvMA, tvMA, nil])
        #expect(tvMA?.rank == 600 && byTitle["A"]?.rating == "18+")
        catalog.filmCategories = [XtreamCategory(id: "30", name: "XXX Movies")]
        catalog.films = try XtreamDecoder.films(data(#"[{"name":"F1","stream_id":1,"is_adult":"1"},{"name":"F2","stream_id":2},{"name":"F3","stream_id":3,"category_id":"30"}]"#)).values
        catalog.series = try XtreamDecoder.series(data(#"[{"name":"S","series_id":5,"is_adult":"1"}]"#)).values
        catalog.episodes[5] = [XtreamEpisode(id: "51", season: 1, number: 1)]
        let onDemand = catalog.onDemand(server: server, account: "tv")
        #expect(onDemand.map { $0.contentRating?.rank } == [500, 500, nil, 600], "\(onDemand.map(\.title))")
        #expect(onDemand.map(\.contentRating?.media) == [.movie, .movie, nil, .tv])
    }

    @Test("the catalogue from stored answers: every list, each series' episodes; an answer that is not JSON names its action")
    func answers() throws {
        let answers: [String: Data] = [
            XtreamRequest.account.key: data(#"{"user_info":{"auth":1}}"#),
            XtreamRequest.liveStreams.key: data(#"[{"name":"A","stream_id":1}]"#),
            XtreamRequest.series.key: data(#"[{"name":"S","series_id":3}]"#),
            XtreamRequest.seriesInfo(3).key: data(#"{"episodes":{"1":[{"id":"31"}]}}"#),
        ]
        let catalog = try XtreamCatalog(answers: answers)
        #expect(catalog.live.count == 1 && catalog.series.count == 1 && catalog.episodes[3]?.map(\.id) == ["31"])
        #expect(XtreamRequest.seriesInfo(3).key == "get_series_info:3")
        #expect(!XtreamRequest.seriesInfo(3).key.contains("alice"))
        var broken = answers
        broken[XtreamRequest.films.key] = data("oops")
        #expect(throws: XtreamFailure.unexpectedJSON(action: "get_vod_streams", field: "the answer", expected: "JSON (it begins \"oops\")")) {
            try XtreamCatalog(answers: broken)
        }
    }
}
