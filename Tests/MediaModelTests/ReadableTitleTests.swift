import MediaModel
import Testing

@Suite("A file name as a title")
struct ReadableTitleTests {
    @Test("release names lose their extension, dots, tags and release detail; an episode mark, a year or a tag ends the title", arguments: [
        ("Show.Name.S01E02.720p.mkv", "Show Name — S01E02"),
        ("show_name_s01e02.mp4", "show name — S01E02"),
        ("Show S01E01.mkv", "Show — S01E01"),
        ("Mr. Robot - S02E10 - eps2.8_h1dden-pr0cess.axx.mkv", "Mr. Robot — S02E10"),
        ("The.Matrix.1999.1080p.BluRay.x264-GROUP.mkv", "The Matrix (1999)"),
        ("The Matrix (1999) [1080p] [YTS.MX].mp4", "The Matrix (1999)"),
        ("2001.A.Space.Odyssey.1968.2160p.UHD.mkv", "2001 A Space Odyssey (1968)"),
        ("Blade.Runner.2049.2017.mkv", "Blade Runner 2049 (2017)"),
        ("Blade Runner 2049.mkv", "Blade Runner 2049"),
        ("1917.mkv", "1917"),
        ("Charlottes.Web.2006.mkv", "Charlottes Web 2006"),
        ("Big.Buck.Bunny.1080p.x264-GRP.mkv", "Big Buck Bunny"),
        ("Nosferatu.x265-GRP.mkv", "Nosferatu"),
        ("[Group] Some Anime - 03 [1080p].mkv", "Some Anime - 03"),
        ("holiday.mp4", "holiday"),
        ("pattern.mkv", "pattern"),
        ("x264.mkv", "x264"),
        ("[only tags].mkv", "[only tags]"),
        (".hidden", "hidden"),
    ])
    func fileNames(name: String, expected: String) {
        #expect(ReadableTitle.of(fileName: name) == expected)
    }

    @Test("a title made readable is made the same again", arguments: [
        "Show.Name.S01E02.720p.mkv", "The.Matrix.1999.1080p.BluRay.x264-GROUP.mkv", "Blade Runner 2049.mkv", "Mr. Robot - S02E10.mkv",
        "Big.Buck.Bunny.1080p.mkv", "2001.A.Space.Odyssey.1968.mkv",
    ])
    func again(name: String) {
        let once = ReadableTitle.of(fileName: name)
        #expect(ReadableTitle.of(fileName: once, hasExtension: false) == once)
        #expect(ReadableTitle.of(fileName: once) == once, "a title with no extension keeps its end")
    }

    @Test("a container's title that is a release name is made readable, keeping a dot in a word")
    func ownTitles() {
        #expect(ReadableTitle.of(fileName: "The.Matrix.1999.1080p.BluRay.x264-GROUP", hasExtension: false) == "The Matrix (1999)")
        #expect(ReadableTitle.of(fileName: "Inception", hasExtension: false) == "Inception")
        #expect(ReadableTitle.of(fileName: "Dr.No.1962", hasExtension: false) == "Dr No 1962")
    }

    @Test("an item for a file or URL is titled by its name made readable, a URL's decoded and without its query, a lavfi source by itself")
    func items() {
        #expect(MediaItem.fromLocation("/media/usb/The.Matrix.1999.1080p.mkv").title == "The Matrix (1999)")
        #expect(MediaItem.fromLocation("file:///media/usb/My%20Film%20(2004).mkv").title == "My Film (2004)")
        #expect(MediaItem.fromLocation("http://host/films/My%20Film.mkv?token=s3cret").title == "My Film", "a query (a token) is no part of the name")
        #expect(MediaItem.fromLocation("http://host/live/index.m3u8?password=s3cret").title == "index")
        #expect(MediaItem.fromLocation("http://host/").title == "host")
        #expect(MediaItem.fromLocation("http://alice:s3cret@host:8000").title == "host:8000", "a URL with no path by its host, not its account")
        #expect(MediaItem.fromLocation("rtsp://alice:s3cret@cam.local/").title == "cam.local", "a host is not made readable")
        #expect(MediaItem.fromLocation("av://lavfi:testsrc2").title == "av://lavfi:testsrc2")
        #expect(MediaItem.fileName(of: "/media/a%20b?.mkv") == "a%20b?.mkv", "a path is taken as it is, as mpv takes it")
        #expect(MediaItem.fileName(of: "http://h/a%20b.mkv?token=1") == "a b.mkv", "as mpv's media title of a URL")
        #expect(MediaItem.fileName(of: "http://h/bad%zz.mkv") == "bad%zz.mkv")
        #expect(MediaItem.fromLocation("file:///media/usb/Caf%E9%20%96%20Paris.mkv").title == "Café – Paris",
                "a name that is not UTF-8 (Latin-1 on an old share) read as Windows-1252")
        #expect(MediaItem.playerFileName(of: "file:///media/usb/Caf%E9.mkv") == "Caf\u{FFFD}.mkv", "as mpv's filename is told: its own bytes, not a title")
    }

    @Test("mpv's file name for a location, as libmpv 0.35 gave it (measured): a URL decoded whole, then after its last slash, else the whole URL")
    func playerFileName() {
        #expect(MediaItem.playerFileName(of: "http://127.0.0.1:8765/clip.mp4?token=SECRET%2F123") == "123")
        #expect(MediaItem.playerFileName(of: "http://u:p@127.0.0.1:8765/") == "http://u:p@127.0.0.1:8765/")
        #expect(MediaItem.playerFileName(of: "http://127.0.0.1:8765/a%20b/?x=/y/z") == "z")
        #expect(MediaItem.playerFileName(of: "rtsp://admin:hunter2@127.0.0.1") == "admin:hunter2@127.0.0.1")
        #expect(MediaItem.playerFileName(of: "http://127.0.0.1:8765/x%zzy?a=%41") == "x%zzy?a=A")
        #expect(MediaItem.playerFileName(of: "/media/a%20b?.mkv") == "a%20b?.mkv", "a path is not decoded")
    }
}
