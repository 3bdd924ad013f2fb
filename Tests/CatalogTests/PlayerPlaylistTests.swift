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
