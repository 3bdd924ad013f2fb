import Catalog
import Foundation
import MediaModel
import Testing

@Suite("A media centre's .nfo beside a file")
struct SidecarInfoTests {
    @Test("a film's title, year, plot and rating, as tinyMediaManager and Radarr write them; the rating read by the ratings table")
    func movie() throws {
        let nfo = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes" ?>
            <!-- created by tinyMediaManager -->
            <movie>
              <title>Night Drive</title>
              <originaltitle>Night Drive</originaltitle>
              <ratings><rating name="imdb" max="10" default="true"><value>7.8</value></rating></ratings>
              <year>2011</year>
              <outline>A short one.</outline>
              <plot>A driver takes
                one last job.</plot>
              <mpaa>US:Rated R</mpaa>
              <actor><name>Someone</name><role>Driver</role></actor>
              <title/>
            </movie>
            """
        let info = try #require(SidecarInfo.parse(Data(nfo.utf8)))
        #expect(info.title == "Night Drive" && info.year == 2011 && info.show == nil)
        #expect(info.plot == "A driver takes\n    one last job.")
        #expect(info.rating == "US:Rated R" && info.ratingCode == "R")
        #expect(info.shownTitle == "Night Drive (2011)")
        let item = info.applied(to: MediaItem.fromLocation("/media/usb/Night.Drive.2011.mkv"))
        #expect(item.title == "Night Drive (2011)" && !item.titleFromLocation && item.summary == info.plot)
        #expect(item.rating == "R" && item.contentRating?.system == "mpaa" && item.contentRating?.code == "R", "\(String(describing: item.contentRating))")
    }

    @Test("an episode: its show, numbers and title; a TV rating")
    func episode() throws {
        let nfo = "<episodedetails><title>Pilot</title><showtitle>Bars and Tone</showtitle><season>1</season><episode>2</episode><mpaa>TV-MA</mpaa><aired>2019-03-01</aired></episodedetails>"
        let info = try #require(SidecarInfo.parse(Data(nfo.utf8)))
        #expect(info.shownTitle == "Bars and Tone — S01E02: Pilot" && info.year == 2019)
        let item = info.applied(to: MediaItem.fromLocation("/tv/Bars.and.Tone.S01E02.mkv"))
        #expect(item.contentRating?.system == "us-tv" && item.contentRating?.code == "TV-MA")
    }

    @Test("Kodi's rating forms", arguments: [
        ("Rated PG-13", "PG-13"), ("US:PG", "PG"), ("TV-14", "TV-14"), ("UK:15", "BBFC 15"), ("DE:16", "FSK 16"), ("Germany:FSK 12", "FSK 12"),
        ("NR", "NR"), ("FR:-16", "-16"),
    ])
    func ratingForms(written: String, code: String) {
        var info = SidecarInfo()
        info.rating = written
        #expect(info.ratingCode == code)
    }

    @Test("no .nfo of these kinds gives nothing: a bare link, a show's, another document, broken XML, gzip, entities, empty fields")
    func nothing() {
        for text in [
            "https://www.imdb.com/title/tt0780504/", "<tvshow><title>Show</title></tvshow>", "<html><title>x</title></html>", "<movie><title>Open",
            "<movie><title></title><plot>  </plot></movie>",
            "<?xml version=\"1.0\"?><!DOCTYPE movie [<!ENTITY a \"aaaaaaaa\">]><movie><title>&a;</title></movie>",
        ] {
            #expect(SidecarInfo.parse(Data(text.utf8)) == nil, "\(text)")
        }
        #expect(SidecarInfo.parse(Data([0x1F, 0x8B, 0x08, 0x00])) == nil)
        #expect(SidecarInfo.parse(Data("<movie><title>Kept</title><plot>cut off".utf8))?.title == "Kept", "what came before the break is kept")
    }

    @Test("NAME.nfo beside the file, else a folder's movie.nfo when the film is alone in it")
    func paths() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("nfo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let one = base.appendingPathComponent("Night Drive (2011)"), many = base.appendingPathComponent("Films")
        for folder in [one, many] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let alone = one.appendingPathComponent("Night.Drive.2011.mkv").path
        #expect(FileManager.default.createFile(atPath: alone, contents: Data()))
        try Data("<movie><title>Night Drive</title></movie>".utf8).write(to: one.appendingPathComponent("movie.nfo"))
        #expect(SidecarInfo.path(for: alone) == one.appendingPathComponent("movie.nfo").path)
        #expect(SidecarInfo.path(for: alone, alone: false) == nil)
        #expect(SidecarInfo.read(for: alone)?.title == "Night Drive")
        for name in ["A.mkv", "B.mkv"] { #expect(FileManager.default.createFile(atPath: many.appendingPathComponent(name).path, contents: Data())) }
        try Data("<movie><title>Shared</title></movie>".utf8).write(to: many.appendingPathComponent("movie.nfo"))
        try Data("<movie><title>Bee</title></movie>".utf8).write(to: many.appendingPathComponent("B.nfo"))
        #expect(SidecarInfo.path(for: many.appendingPathComponent("A.mkv").path) == nil, "movie.nfo is no film's of a folder of two")
        #expect(SidecarInfo.read(for: many.appendingPathComponent("B.mkv").path)?.title == "Bee")
        #expect(SidecarInfo.path(for: "http://host/films/B.mkv") == nil)
    }
}
