import Catalog
import Foundation
import MediaModel
import Testing

@Suite("A player's playlist of files (VLC's, foobar2000's, one written by hand) as a lineup")
struct PlayerPlaylistTests {
    @Test("relative entries with spaces and Windows's backslashes are read, and made the files beside the playlist")
    func relativeEntries() throws {
        let lineup = M3UParser.parse("""
        #EXTM3U
        #EXTINF:2712,Pilot
        Season 1/Episode 1.mkv
        #EXTINF:2650,Second
        Season 1\\Episode 2.mkv
        ../Films/The.Matrix.1999.1080p.BluRay.x264-GRP.mkv
        =========== not a location ===========
        """).resolvingLocations(against: "/media/usb/Shows/list.m3u")
        #expect(lineup.channels.map(\.url) == [
            "/media/usb/Shows/Season 1/Episode 1.mkv", "/media/usb/Shows/Season 1/Episode 2.mkv", "/media/usb/Films/The.Matrix.1999.1080p.BluRay.x264-GRP.mkv",
        ])
        #expect(lineup.channels.map(\.name) == ["Pilot", "Second", "The.Matrix.1999.1080p.BluRay.x264-GRP.mkv"])
        #expect(lineup.problems.map(\.line) == [7], "the line that is no location is skipped with why: \(lineup.problems)")
    }

    @Test("a file with no tvg-id, tvg-chno or catch-up is a film: not live, no channel number, its id its location (its place kept by the file), titled readably when the playlist names it not")
    func filesAreFilms() throws {
        let lineup = M3UParser.parse("""
        #EXTM3U
        #EXTINF:2712,Pilot
        /media/Shows/Episode 1.mkv
        file:///media/Films/Up.mkv
        /media/Films/The.Matrix.1999.1080p.BluRay.x264-GRP.mkv
        #EXTINF:-1 tvg-chno="7",Loop Channel
        /media/loop.ts
        #EXTINF:-1 tvg-id="news.uk",News
        /media/news.ts
        #EXTINF:-1,Radio
        http://radio.example/stream.mp3
        """)
        let items = lineup.channels.map(\.mediaItem)
        #expect(items.map(\.title) == ["News", "Radio", "Loop Channel", "Pilot", "Up", "The Matrix (1999)"],
                "the channels by number, the films after them in the playlist's order")
        #expect(items.map(\.isLive) == [true, true, true, false, false, false])
        #expect(items.map(\.number) == [1, 2, 7, nil, nil, nil], "the films take no number in the digits' and flips' list")
        #expect(items[3].id == "/media/Shows/Episode 1.mkv" && !items[3].titleFromLocation)
        #expect(items[4].titleFromLocation && items[5].titleFromLocation)
        #expect(items[2].id == "channel-7")
    }

    @Test("a URL listed with a file's length (a NAS's or web server's playlist of films) is a film; a channel's placeholder length (-1, 0, 1) or one with a channel's attributes keeps it a channel; PLS's Length and XSPF's duration the same")
    func urlsWithLength() throws {
        let lineup = M3UParser.parse("""
        #EXTM3U
        #EXTINF:5400,Night Drive (2011)
        http://nas.local:8200/MediaItems/22.mkv
        #EXTINF:2712,
        http://nas.local/films/The.Matrix.1999.1080p.BluRay.x264-GRP.mkv
        #EXTINF:1,=>(TURKIYE)<=
        http://tv.example/peru8k.mp4
        #EXTINF:0,Zero
        http://tv.example/zero.m3u8
        #EXTINF:-1,News
        http://tv.example/news.m3u8
        #EXTINF:5400 tvg-id="movies.tv",Movies Channel
        http://tv.example/movies.m3u8
        """)
        let items = lineup.channels.map(\.mediaItem)
        #expect(items.map(\.title) == ["Night Drive (2011)", "The Matrix (1999)", "=>(TURKIYE)<=", "Zero", "News", "Movies Channel"])
        #expect(items.map(\.isLive) == [false, false, true, true, true, true])
        #expect(items[0].id == "http://nas.local:8200/MediaItems/22.mkv" && items[0].number == nil && items[1].titleFromLocation)

        let pls = PLSParser.parse("[playlist]\nFile1=http://nas.local/films/Up.mkv\nTitle1=Up\nLength1=5760\nFile2=http://radio.example/live\nTitle2=Radio\nLength2=-1\n")
        #expect(pls.channels.map(\.mediaItem).map(\.isLive) == [false, true] && pls.channels.map(\.name) == ["Up", "Radio"])
        let xspf = XSPFParser.parse(Data("""
        <playlist xmlns="http://xspf.org/ns/0/" version="1"><trackList>
        <track><location>http://nas.local/films/Up.mkv</location><title>Up</title><duration>5760000</duration></track>
        <track><location>http://radio.example/live</location><title>Radio</title></track>
        </trackList></playlist>
        """.utf8))
        #expect(xspf.channels.map(\.mediaItem).map(\.isLive) == [false, true] && xspf.channels.map(\.name) == ["Up", "Radio"])
    }

    @Test("films of one name are each their own, not one channel's alternates")
    func sameNames() {
        let lineup = M3UParser.parse("""
        #EXTM3U
        #EXTINF:120,Intro
        a/intro.mp3
        #EXTINF:120,Intro
        b/intro.mp3
        #EXTINF:-1,News
        http://a.tv/news.m3u8
        #EXTINF:-1,News
        http://b.tv/news.m3u8
        """)
        #expect(lineup.channels.count == 3 && lineup.channels[0].alternates.isEmpty && lineup.channels[1].alternates.isEmpty)
        #expect(lineup.channels[2].alternates.map(\.url) == ["http://b.tv/news.m3u8"], "channels of one name still are")
    }

    @Test("a playlist fetched from a server: its relative entries are URLs beside it (spaces percent-encoded, queries kept); absolute URLs, paths and a Windows drive's path stay")
    func fromAServer() {
        let lineup = M3UParser.parse("""
        #EXTM3U
        #EXTINF:-1,One
        Show/Episode 1.mp4
        #EXTINF:-1,Two
        ../other/two.mkv?token=a&x=1
        #EXTINF:-1,Three
        Show/Episode%203.mp4
        #EXTINF:-1,Four
        http://cdn.example/four.m3u8
        #EXTINF:-1,Five
        /srv/five.mkv
        #EXTINF:-1,Six
        C:\\Films\\six.mkv
        """).resolvingLocations(against: "http://nas.local:8080/lists/tv.m3u?user=me")
        #expect(lineup.channels.map(\.url) == [
            "http://nas.local:8080/lists/Show/Episode%201.mp4", "http://nas.local:8080/other/two.mkv?token=a&x=1",
            "http://nas.local:8080/lists/Show/Episode%203.mp4", "http://cdn.example/four.m3u8", "/srv/five.mkv", "C:\\Films\\six.mkv",
        ])
        #expect(lineup.channels[0].mediaItem.isLive == false, "a relative entry is a file beside the playlist, wherever it is")
    }

    @Test("a channel's relative streams, its alternates too, are URLs beside the lineup; it stays a channel")
    func relativeChannel() {
        let lineup = M3UParser.parse("""
        #EXTM3U
        #EXTINF:-1 tvg-id="news",News
        news/main.m3u8
        #EXTINF:-1 tvg-id="news",News backup
        news/backup.m3u8
        """).resolvingLocations(against: "https://tv.example/lineup.m3u")
        #expect(lineup.channels.map(\.url) == ["https://tv.example/news/main.m3u8"])
        #expect(lineup.channels.first?.alternates.map(\.url) == ["https://tv.example/news/backup.m3u8"])
        #expect(lineup.channels.first?.mediaItem.isLive == true && lineup.channels.first?.number == 1)
    }

    @Test("a playlist given by a relative path resolves against the working directory; an unnamed entry is renamed by where it resolves")
    func relativePlaylist() {
        let lineup = M3UParser.parse("Show\\Episode 1.mp4\n").resolvingLocations(against: "list.m3u")
        let here = FileManager.default.currentDirectoryPath
        #expect(lineup.channels.map(\.url) == [URL(fileURLWithPath: here + "/Show/Episode 1.mp4").standardizedFileURL.path])
        #expect(lineup.channels.first?.name == "Episode 1.mp4" && lineup.channels.first?.mediaItem.title == "Episode 1")
    }
}

@Suite("A player's playlist in PLS or XSPF as a lineup")
struct PLSAndXSPFTests {
    @Test("PLS: entries in their numbers' order, titled by TitleN, files films and streams channels; a stray line is a problem")
    func pls() {
        let text = "[playlist]\nFile2=Show\\Episode 2.mkv\nTitle2=Second\nFile1=Show/Episode 1.mkv\nLength1=2712\nFile10=http://radio.example/live\nTitle10=Radio\nstray\nNumberOfEntries=3\nVersion=2\n"
        #expect(PLSParser.isPLS(text) && PLSParser.isPLS("\u{FEFF} [Playlist]\n") && !PLSParser.isPLS("#EXTM3U\n"))
        let lineup = PLSParser.parse(text).resolvingLocations(against: "/media/usb/list.pls")
        #expect(lineup.channels.map(\.url) == ["/media/usb/Show/Episode 1.mkv", "/media/usb/Show/Episode 2.mkv", "http://radio.example/live"])
        let items = lineup.channels.map(\.mediaItem)
        #expect(items.map(\.title) == ["Episode 1", "Second", "Radio"])
        #expect(items.map(\.isLive) == [false, false, true] && items.map(\.number) == [nil, nil, 1])
        #expect(lineup.problems == [CatalogProblem(line: 8, message: "expected KEY=VALUE, found “stray”; skipped")])
    }

    @Test("XSPF (VLC's): file:// locations are paths, relative ones beside the playlist (both percent-decoded), creator and title together; VLC's extension is not read as the track's")
    func xspf() throws {
        let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <playlist xmlns="http://xspf.org/ns/0/" xmlns:vlc="http://www.videolan.org/vlc/playlist/ns/0/" version="1">
          <title>Evening</title>
          <trackList>
            <track>
              <location>file:///media/Films/The%20Third%20Man.mkv</location>
              <title>The Third Man</title>
              <duration>6240000</duration>
              <extension application="http://www.videolan.org/vlc/playlist/0"><vlc:id>0</vlc:id><vlc:option>start-time=10</vlc:option></extension>
            </track>
            <track/>
            <track><location>Music/01%20Song.flac</location><creator>Artist</creator><title>Song</title></track>
            <track><location>http://radio.example/live</location></track>
            <track><title>No location</title></track>
          </trackList>
        </playlist>
        """
        #expect(XSPFParser.isXSPF(document) && !XSPFParser.isXSPF("<?xml version=\"1.0\"?><tv></tv>"))
        #expect(LineupContent.problem(Array(document.utf8)) == nil, "a playlist, not refused as an XML document")
        #expect(LineupContent.problem(Array("<?xml version=\"1.0\"?><tv></tv>".utf8))?.contains("XMLTV guide") == true)
        let lineup = XSPFParser.parse(Data(document.utf8)).resolvingLocations(against: "/home/me/evening.xspf")
        #expect(lineup.channels.map(\.url) == ["/media/Films/The Third Man.mkv", "/home/me/Music/01 Song.flac", "http://radio.example/live"])
        #expect(lineup.channels.map(\.mediaItem.title) == ["The Third Man", "Artist – Song", "live"])
        #expect(lineup.channels.map(\.onDemand) == [true, true, false] && lineup.problems.isEmpty)
        #expect(XSPFParser.parse(Data("<playlist xmlns=\"http://xspf.org/ns/0/\"><trackList><track>".utf8)).problems.isEmpty == false,
                "a broken document says why")
    }
}
