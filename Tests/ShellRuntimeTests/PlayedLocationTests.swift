import Foundation
import MediaModel
@testable import ShellRuntime
import Testing

@Suite("The item for a location asked to play while running")
struct PlayedLocationTests {
    @Test("a file:// URI is its path (percent-decoded; localhost too); other URLs and paths stay as given")
    func normalized() {
        #expect(PlayedLocation.normalized("file:///media/usb/A%20Film%20(2011).mkv") == "/media/usb/A Film (2011).mkv")
        #expect(PlayedLocation.normalized("FILE:///media/a.mkv") == "/media/a.mkv")
        #expect(PlayedLocation.normalized("file://localhost/media/a.mkv") == "/media/a.mkv")
        #expect(PlayedLocation.normalized("file://nas/share/a.mkv") == "file://nas/share/a.mkv", "another host's: mpv says why")
        #expect(PlayedLocation.normalized("http://host/file:///a.mkv") == "http://host/file:///a.mkv")
        #expect(PlayedLocation.normalized("/media/a%20b.mkv") == "/media/a%20b.mkv", "a path is not decoded")
        #expect(PlayedLocation.isLocal("/media/a.mkv") && PlayedLocation.isLocal("a.mkv"))
        #expect(!PlayedLocation.isLocal("http://host/a.mkv") && !PlayedLocation.isLocal("av://lavfi:testsrc2"))
    }

    @Test("a local file is read as a folder's file is: its .nfo's title and rating, its artwork; given as a path or a file:// URI")
    func sidecars() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("played-\(UUID().uuidString)/Night Drive (2011)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let film = folder.appendingPathComponent("Night.Drive.2011.720p.mkv")
        try Data([0]).write(to: film)
        try Data([0]).write(to: folder.appendingPathComponent("Night.Drive.2011.720p.jpg"))
        try "<movie><title>Night Drive</title><year>2011</year><mpaa>US:Rated R</mpaa></movie>"
            .write(to: folder.appendingPathComponent("movie.nfo"), atomically: true, encoding: .utf8)

        for location in [film.path, film.absoluteString] {
            let items = try PlayedLocation.items(for: location).get()
            let item = try #require(items.first)
            #expect(items.count == 1 && item.url == film.path, "\(location)")
            #expect(item.title == "Night Drive (2011)" && item.contentRating?.code == "R", "\(item)")
            #expect(item.artwork == folder.appendingPathComponent("Night.Drive.2011.720p.jpg").path)
        }
    }

    @Test("a folder is its media files, sorted as a person sorts them, each with its sidecars; one with none says why")
    func folder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("played-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: MediaFolder.Problem.noMedia(folder.path)) { try PlayedLocation.items(for: folder.path).get() }
        for name in ["Show.S01E10.mkv", "Show.S01E02.mkv", "notes.txt"] { try Data([0]).write(to: folder.appendingPathComponent(name)) }
        try "<episodedetails><title>Pilot</title><showtitle>Show</showtitle><season>1</season><episode>2</episode><mpaa>TV-MA</mpaa></episodedetails>"
            .write(to: folder.appendingPathComponent("Show.S01E02.nfo"), atomically: true, encoding: .utf8)
        let items = try PlayedLocation.items(for: folder.absoluteString).get()
        #expect(items.map(\.title) == ["Show — S01E02: Pilot", "Show — S01E10"])
        #expect(items.first?.contentRating?.code == "TV-MA")
        #expect(throws: MediaFolder.Problem.notThere("/nonexistent/folder/")) { try PlayedLocation.items(for: "/nonexistent/folder/").get() }
    }

    @Test("a URL and a file not there are titled by their name alone; a URL's rating stays unread")
    func others() throws {
        let url = try PlayedLocation.items(for: "http://host/films/Night.Drive.2011.720p.mp4?token=abc").get()
        #expect(url == [MediaItem.fromLocation("http://host/films/Night.Drive.2011.720p.mp4?token=abc")])
        let missing = try #require(try PlayedLocation.items(for: "/nonexistent/Zodiac.2007.1080p.mkv").get().first)
        #expect(missing.title == "Zodiac (2007)" && missing.contentRating == nil, "\(missing)")
    }

    @Test("a lineup's local files get their sidecars (the .nfo's rating where the lineup gives none, its plot, the artwork), the lineup's names kept; a lineup of URLs is the same array")
    func lineupSidecars() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lineup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Night.Drive.2011.mkv", "Zodiac.2007.mkv", "Night.Drive.2011.jpg"] { try Data([0]).write(to: folder.appendingPathComponent(name)) }
        for name in ["Night.Drive.2011", "Zodiac.2007"] {
            try "<movie><title>\(name)</title><plot>A plot.</plot><mpaa>US:Rated R</mpaa></movie>"
                .write(to: folder.appendingPathComponent(name + ".nfo"), atomically: true, encoding: .utf8)
        }
        let pg13 = ContentRating(system: "us-movie", code: "PG-13", rank: 300, media: .movie)
        let channels = [
            MediaItem(id: "1", title: "Films: Night Drive", url: folder.appendingPathComponent("Night.Drive.2011.mkv").path, isLive: true, number: 1),
            MediaItem(id: "2", title: "Zodiac", url: folder.appendingPathComponent("Zodiac.2007.mkv").path, isLive: true, number: 2, rating: "PG-13", contentRating: pg13),
            MediaItem(id: "3", title: "News", url: "http://host/news.m3u8", isLive: true, number: 3),
        ]
        let read = MediaFolder.lineupSidecars(channels)
        #expect(read.map(\.title) == ["Films: Night Drive", "Zodiac", "News"], "the lineup's names")
        #expect(read[0].contentRating?.code == "R" && read[0].summary == "A plot.")
        #expect(read[0].artwork == folder.appendingPathComponent("Night.Drive.2011.jpg").path)
        #expect(read[1].contentRating == pg13, "the lineup's own rating stands")
        #expect(read[2] == channels[2])
        let urls = [channels[2]]
        #expect(MediaFolder.lineupSidecars(urls) == urls)
    }
}
