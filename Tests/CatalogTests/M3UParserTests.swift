import Catalog
import Foundation
import MediaModel
import Testing

@Suite("M3U lineups")
struct M3UParserTests {
    @Test("every real lineup in shared/data parses with exact counts", arguments: [
        ("freetv_playlist_uk.m3u8", 55, 9),
        ("iptv-org_streams_ad.m3u", 1, 0),
        ("iptv-org_streams_bm.m3u", 1, 0),
        ("iptv-playlist-parser_fixture_base.m3u", 6, 1),
        ("iptv-playlist-parser_fixture_kodi.m3u", 1, 0),
        ("iptv-playlist-parser_fixture_pipe.m3u", 2, 0),
        ("iptv-playlist-parser_fixture_vlcopt.m3u", 1, 0),
    ])
    func realFiles(name: String, channels: Int, problems: Int) throws {
        let lineup = M3UParser.parse(try SharedData.text(name))
        #expect(lineup.hasHeader)
        #expect(lineup.channels.count == channels)
        #expect(lineup.problems.count == problems, "\(lineup.problems)")
        #expect(Set(lineup.channels.map(\.number)).count == channels, "numbers are unique")
    }

    @Test("Free-TV UK: attributes, numbers, the guide URLs of the header")
    func freeTV() throws {
        let lineup = M3UParser.parse(try SharedData.text("freetv_playlist_uk.m3u8"))
        let first = try #require(lineup.channels.first)
        #expect(first.number == 1 && first.id == "BBCOne.uk" && first.name == "BBC One Ⓖ" && first.group == "UK")
        #expect(first.logo?.hasSuffix("500px-BBC_One_logo_2021.svg.png") == true)
        #expect(first.url.hasPrefix("https://vs-hls-pushb-uk-live.akamaized.net/"))
        #expect(lineup.guideURLs.count > 50 && lineup.guideURLs[0] == "https://epgshare01.online/epgshare01/epg_ripper_AL1.xml.gz")
        #expect(lineup.problems.allSatisfy { $0.message.contains("renumbered") })
    }

    @Test("the parser fixture: indented lines, EXTGRP, EXTVLCOPT, commas in names, junk lines")
    func base() throws {
        let lineup = M3UParser.parse(try SharedData.text("iptv-playlist-parser_fixture_base.m3u"))
        let c = lineup.channels
        #expect(c[0].name == "Channel 1 (Tested)" && c[0].id == "CH1" && c[0].group == "Music")
        #expect(c[0].headers["Referer"] == "http://player.livesports.pw/la2/")
        #expect(c[0].headers["User-Agent"]?.hasPrefix("Mozilla/5.0 (Macintosh") == true)
        #expect(c[1].name == "Channel 2" && c[1].url == "stream/chunklist.m3u8")
        #expect(c[2].name == "=>(★ TURKİYE ★)<=")
        #expect(c[3].name == "TRT 1 HD" && c[3].catchup?.days == 3)
        #expect(c[4].name == "name,with comma")
        #expect(c[5].name == "The Good, the Bad and the Ugly")
        #expect(lineup.problems == [CatalogProblem(line: 10, message: "expected a stream URL, found “=========================sudan===========================…”; skipped")])
    }

    @Test("entries with one tvg-id are one channel: the first entry's number, name and attributes, the others its alternates; the item plays any of them")
    func alternates() {
        let lineup = M3UParser.parse("""
        #EXTM3U
        #EXTINF:-1 tvg-id="n" tvg-chno="3" tvg-rating="TV-PG",News
        http://a.tv/n.m3u8
        #EXTINF:-1 tvg-id="n" tvg-chno="4",News backup
        #EXTVLCOPT:http-user-agent=Box
        http://b.tv/n.m3u8
        #EXTINF:-1 tvg-id=" n ",News third
        http://c.tv/n.m3u8
        """)
        #expect(lineup.channels.count == 1)
        let channel = lineup.channels[0]
        #expect(channel.number == 3 && channel.name == "News" && channel.rating == "TV-PG")
        #expect(channel.alternates == [StreamAlternate(url: "http://b.tv/n.m3u8", headers: ["User-Agent": "Box"], line: 4),
                                       StreamAlternate(url: "http://c.tv/n.m3u8", line: 7)])
        let item = channel.mediaItem
        #expect(item.streamCount == 3)
        #expect(item.onStream(0) == item)
        let backup = item.onStream(1)
        #expect(backup.url == "http://b.tv/n.m3u8" && backup.headers == ["User-Agent": "Box"])
        #expect(backup.id == item.id && backup.title == "News" && backup.number == 3, "still the same channel")
        #expect(item.onStream(3) == item, "out of range: the first stream")
    }

    @Test("Kodi's URL|headers and KODIPROP lines")
    func kodiHeaders() throws {
        let kodi = M3UParser.parse(try SharedData.text("iptv-playlist-parser_fixture_kodi.m3u"))
        #expect(kodi.channels[0].url == "https://streaming-live.rtp.pt/liverepeater/rtpClean1HD.smil/playlist.m3u8")
        #expect(kodi.channels[0].headers["User-Agent"] == "RTP Play/2.0.26 (Linux;Android 11) ExoPlayerLib/2.11.8")
        let pipe = M3UParser.parse(try SharedData.text("iptv-playlist-parser_fixture_pipe.m3u"))
        #expect(pipe.channels[0].headers["Referer"] == "http://180upload.abc/embed-uaqmgcckhpcl.html")
        #expect(pipe.channels[1].headers["Referer"] == "http://test.abc/blank.html")
        #expect(pipe.channels[1].headers["User-Agent"]?.contains("Macintosh") == true)
    }

    @Test("BOM and CRLF are taken in stride")
    func bomAndCRLF() {
        let text = "\u{FEFF}#EXTM3U\r\n#EXTINF:-1 tvg-id=\"a\",A\r\nhttp://a/1.m3u8\r\n#EXTINF:-1,B\rhttp://b/2.m3u8\r"
        let lineup = M3UParser.parse(text)
        #expect(lineup.hasHeader)
        #expect(lineup.channels.map(\.name) == ["A", "B"])
        #expect(lineup.channels.map(\.url) == ["http://a/1.m3u8", "http://b/2.m3u8"])
        #expect(lineup.problems.isEmpty)
    }

    @Test("missing quotes, an unterminated quote, an empty name, an EXTINF without URL")
    func broken() {
        let text = """
        #EXTM3U
        #EXTINF:-1 tvg-id=plain group-title=News,Unquoted
        http://x/1
        #EXTINF:-1 tvg-name="Open quote,Never closed
        http://x/2
        #EXTINF:-1 tvg-name="Named",
        http://x/3
        #EXTINF:-1,Orphan
        #EXTINF:-1 tvg-chno="7",Seven
        http://x/7
        """
        let lineup = M3UParser.parse(text)
        #expect(lineup.channels.map(\.name) == ["Unquoted", "Never closed", "Named", "Seven"])
        #expect(lineup.channels[0].id == "plain" && lineup.channels[0].group == "News")
        #expect(lineup.channels.map(\.number) == [1, 2, 3, 7])
        #expect(lineup.problems == [
            CatalogProblem(line: 4, message: "unterminated quote in #EXTINF attributes"),
            CatalogProblem(line: 8, message: "#EXTINF for “Orphan” has no URL; skipped"),
        ])
    }

    @Test("a channel with no name is named by its URL's last path component, without the query; a URL with no path by its host, never its account")
    func namedByURL() {
        let text = """
        #EXTM3U
        #EXTINF:-1,
        http://x/live/news.m3u8?token=t0k3n
        #EXTINF:-1,
        http://alice:s3cret@cam.local:8000
        #EXTINF:-1,
        rtsp://bob:pw@door/
        """
        #expect(M3UParser.parse(text).channels.map(\.name) == ["news.m3u8", "cam.local:8000", "door"])
    }

    @Test("tvg-chno numbers are kept and sort the lineup numerically (10 after 9); the others take free numbers in file order")
    func channelNumberOrder() {
        let text = """
        #EXTM3U
        #EXTINF:-1 tvg-chno="10",Ten
        http://x/10
        #EXTINF:-1,First unnumbered
        http://x/a
        #EXTINF:-1 tvg-chno="9",Nine
        http://x/9
        #EXTINF:-1 tvg-chno="2",Two
        http://x/2
        #EXTINF:-1,Second unnumbered
        http://x/b
        #EXTINF:-1 tvg-chno="2",Two again
        http://x/2b
        """
        let lineup = M3UParser.parse(text)
        #expect(lineup.channels.map(\.name) == ["First unnumbered", "Two", "Second unnumbered", "Two again", "Nine", "Ten"])
        #expect(lineup.channels.map(\.number) == [1, 2, 3, 4, 9, 10])
        #expect(lineup.problems == [CatalogProblem(line: 12, message: "channel number 2 is taken or invalid; renumbered")])
        let plain = M3UParser.parse("#EXTM3U\n#EXTINF:-1,B\nhttp://x/b\n#EXTINF:-1,A\nhttp://x/a\n")
        #expect(plain.channels.map(\.name) == ["B", "A"], "without tvg-chno the file's order stays")
    }

    @Test("problems are capped: 200 000 #EXTINF lines without URLs list the first 1 000, then a count, and the channels after them still come")
    func problemsCapped() {
        var text = "#EXTM3U\n"
        text.reserveCapacity(6_000_000)
        for i in 0..<200_000 { text += "#EXTINF:-1,Orphan \(i)\n" }
        text += "#EXTINF:-1,Real\nhttp://x/real\n"
        let lineup = M3UParser.parse(text)
        #expect(lineup.problems.count == 1001)
        #expect(lineup.problems.first == CatalogProblem(line: 2, message: "#EXTINF for “Orphan 0” has no URL; skipped"))
        #expect(lineup.problems.last == CatalogProblem(line: 0, message: "and 199000 more problems"))
        #expect(lineup.channels.map(\.name) == ["Real"])
    }

    @Test("binary garbage and empty input: no crash, problems reported, nothing invented")
    func garbage() {
        var bytes: [UInt8] = []
        var x: UInt32 = 12345
        for _ in 0..<100_000 {
            x = x &* 1_103_515_245 &+ 12345
            bytes.append(UInt8(truncatingIfNeeded: x >> 16))
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let lineup = M3UParser.parse(text)
        #expect(!lineup.hasHeader)
        #expect(lineup.channels.allSatisfy { $0.url.contains("://") || $0.url.hasPrefix("/") || !$0.url.contains(" ") })
        #expect(!lineup.problems.isEmpty)
        let empty = M3UParser.parse("")
        #expect(empty.channels.isEmpty && empty.problems == [CatalogProblem(line: 0, message: "the file is empty")])
    }

    @Test("a 10 000-channel lineup parses completely")
    func huge() {
        var text = "#EXTM3U\n"
        for i in 1...10_000 {
            text += "#EXTINF:-1 tvg-id=\"c\(i)\" tvg-chno=\"\(i)\" group-title=\"G\(i % 20)\",Channel \(i)\nhttp://example.invalid/\(i).m3u8\n"
        }
        let lineup = M3UParser.parse(text)
        #expect(lineup.channels.count == 10_000)
        #expect(lineup.channels.last?.number == 10_000)
        #expect(lineup.problems.isEmpty)
    }

    @Test("Unicode spaces at a line's ends, lower-case tags, and the first rating key by precedence")
    func unicodeSpacesAndCase() {
        let text = "#extm3u\n\u{00A0}#extinf:-1 parental-rating=\"R\" tvg-rating=\"TV-MA\" rating=\"\",Spaced\u{3000}\n \thttp://x/1\u{00A0}\n#EXTINF:-1 content-rating=\"PG\",Second\nhttp://x/2"
        let lineup = M3UParser.parse(text)
        #expect(lineup.hasHeader)
        #expect(lineup.channels.map(\.name) == ["Spaced", "Second"])
        #expect(lineup.channels.map(\.url) == ["http://x/1", "http://x/2"])
        #expect(lineup.channels.map(\.rating) == ["TV-MA", "PG"])
        #expect(lineup.problems.isEmpty)
    }

    @Test("a lineup's playable channels, made in two halves past 10 000 channels, are each channel's item and guide target in order")
    func playableChannels() {
        for count in [3, 12_345] {
            var text = "#EXTM3U tvg-shift=\"1\"\n"
            for i in 1...count {
                let id = i % 3 == 0 ? "" : "tvg-id=\"c\(i)\" "
                text += "#EXTINF:-1 \(id)tvg-chno=\"\(i)\" tvg-rating=\"TV-\(i % 2 == 0 ? "MA" : "G")\",Channel \(i)\nhttp://example.invalid/\(i).m3u8\n"
            }
            let lineup = M3UParser.parse(text)
            let playable = lineup.playableChannels()
            #expect(playable.targets == lineup.guideTargets)
            let expected = lineup.channels.map { channel in
                var item = channel.mediaItem
                item.guideID = channel.guideTarget(header: lineup.headerAttributes).key
                return item
            }
            #expect(playable.items == expected)
            #expect(playable.items.last?.guideID == (count % 3 == 0 ? "Channel \(count)@+1h" : "c\(count)@+1h"))
        }
    }

    @Test("what a channel keeps of its attributes: tvg-name where it differs from the name (the guide matches both), tvg-shift, tvg-thumbnails before thumbnails")
    func keptAttributes() {
        let lineup = M3UParser.parse("""
        #EXTM3U tvg-shift="1"
        #EXTINF:-1 tvg-name="BBC One HD" tvg-shift="-2.5" tvg-thumbnails="http://t/a.vtt" thumbnails="http://t/b.vtt",BBC One
        http://s/1
        #EXTINF:-1 tvg-name="News" thumbnails="http://t/c.vtt",News
        http://s/2
        #EXTINF:-1 tvg-thumbnails="" thumbnails="http://t/d.vtt",Film
        http://s/3
        """)
        let c = lineup.channels
        #expect(c[0].tvgName == "BBC One HD" && c[1].tvgName == nil && c[2].tvgName == nil)
        #expect(c[0].guideTarget(header: lineup.headerAttributes) == GuideTarget(id: nil, names: ["BBC One", "BBC One HD"], shift: -9000))
        #expect(c[1].guideTarget(header: lineup.headerAttributes) == GuideTarget(id: nil, names: ["News"], shift: 3600), "the header's shift")
        #expect(c.map(\.mediaItem.thumbnails) == ["http://t/a.vtt", "http://t/c.vtt", nil], "an empty tvg-thumbnails says none")
    }

    @Test("a lineup's bytes parse as its text does (a BOM, CRLF, a non-ASCII name, a URL on the last line with no line end); UTF-8 is checked across blocks of lines")
    func fromBytes() {
        let text = "\u{FEFF}#EXTM3U\r\n#EXTINF:-1 group-title=\"Télé\",Télé 1\r\nhttp://s/1\r\n#EXTINF:-1 group-title=\"Télé\",Ünï 2\nhttp://s/2"
        let fromText = M3UParser.parse(text)
        let fromBytes = Array(text.utf8).withUnsafeBufferPointer { bytes in
            #expect(M3UParser.isUTF8(bytes))
            return M3UParser.parse(utf8: bytes)
        }
        #expect(fromBytes.channels == fromText.channels && fromBytes.channels.map(\.name) == ["Télé 1", "Ünï 2"])
        #expect(fromBytes.hasHeader && fromBytes.problems.isEmpty)
        // Latin-1's "é" (one byte 0xE9) is not UTF-8, wherever it falls.
        var latin = Array(repeating: UInt8(ascii: "a"), count: 3 << 20)
        for at in [5, (1 << 20) - 1, 1 << 20, (2 << 20) + 7, (3 << 20) - 1] {
            var bytes = latin
            bytes[at] = 0xE9
            #expect(!bytes.withUnsafeBufferPointer(M3UParser.isUTF8), "at \(at)")
        }
        // A character's bytes across the first block's end, no line end near.
        latin[(1 << 20) - 1] = 0xC3
        latin[1 << 20] = 0xA9
        #expect(latin.withUnsafeBufferPointer(M3UParser.isUTF8))
        latin[(1 << 20) + 100] = 10
        #expect(latin.withUnsafeBufferPointer(M3UParser.isUTF8), "a line end after it")
    }

    @Test("entries in one group share one string of it (a provider's 300 000 entries hold a few hundred groups)")
    func sharedGroups() {
        let lineup = M3UParser.parse("""
        #EXTM3U
        #EXTINF:-1 group-title="|UK| ENTERTAINMENT FULL HD",One
        http://s/1
        #EXTINF:-1 group-title="|UK| ENTERTAINMENT FULL HD",Two
        http://s/2
        #EXTINF:-1,Three
        #EXTGRP:|UK| ENTERTAINMENT FULL HD
        http://s/3
        """)
        let groups = lineup.channels.map { $0.group ?? "" }
        #expect(Set(groups) == ["|UK| ENTERTAINMENT FULL HD"])
        func storage(_ text: String) -> UnsafeRawPointer? {
            var text = text
            return text.withUTF8 { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(storage(groups[0]) != nil && storage(groups[0]) == storage(groups[1]) && storage(groups[1]) == storage(groups[2]))
    }

    @Test("a provider's films and episodes among its channels (Xtream /movie/ and /series/ files) are films: not live, no channel number, rated as films; the channels keep their numbers")
    func providerFilms() {
        let lineup = M3UParser.parse("""
        #EXTM3U
        #EXTINF:-1 tvg-id="news.uk" group-title="UK",News
        http://p.example:8080/live/user/pass/101.ts
        #EXTINF:-1 group-title="Movies | Action",Big Film (2024)
        http://p.example:8080/movie/user/pass/2001.mkv
        #EXTINF:-1 group-title="XXX Movies",Late Film
        http://p.example:8080/movie/user/pass/2002.mp4?token=1
        #EXTINF:-1 group-title="Series | Drama",Show S01 E01
        http://p.example:8080/series/user/pass/3001.mp4
        #EXTINF:-1 group-title="UK",Sport
        http://p.example:8080/user/pass/102
        """)
        let items = lineup.playableChannels().items
        #expect(items.map(\.isLive) == [true, false, false, false, true])
        #expect(items.map(\.number) == [1, nil, nil, nil, 5], "the channels keep their numbers; films have none")
        let (_, targets) = lineup.playableChannels()
        #expect(targets == [GuideTarget(id: "news.uk", names: ["News"]), GuideTarget(id: nil, names: ["Sport"])], "films are not matched in the guide")
        #expect(items.map(\.guideID) == ["news.uk", nil, nil, nil, "Sport"])
        let pg13 = RatingsTable.standard.rating(system: "mpaa", code: "PG-13")?.rank ?? .max
        #expect(items[2].contentRating?.media == .movie && (items[2].contentRating?.rank ?? 0) > pg13,
                "an adult group's film is rated 18+ as a film, over PG-13: \(String(describing: items[2].contentRating))")
        #expect(XtreamServer.onDemandKind(of: "http://p.example:8080/movie/user/pass/2001.mkv") == "movie")
        #expect(XtreamServer.onDemandKind(of: "https://p.example/series/u/p/3001.mp4#t=1") == "series")
        for live in ["http://p.example/live/u/p/101.ts", "http://p.example/u/p/102", "http://p.example/movie/trailer.m3u8", "http://p.example/movie/u/p/",
                     "http://p.example/movie/u/p/2001", "rtmp://p.example/movie/u/p/1.flv", "http://p.example/movie/u/p/.mkv"] {
            #expect(XtreamServer.onDemandKind(of: live) == nil, "\(live)")
        }
    }
}
