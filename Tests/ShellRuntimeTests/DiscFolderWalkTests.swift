import Foundation
import MediaModel
@testable import ShellRuntime
import Testing

@Suite("A library's ripped discs: a disc's folder and a film disc's image are one film each")
struct DiscFolderWalkTests {
    private func tree(_ files: [String: [UInt8]]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("discs-\(UUID().uuidString)")
        for (path, bytes) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        }
        return root
    }

    /// An image whose ISO 9660 root names `folder` (sector 18).
    private func image(naming folder: String) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 20 * 2048)
        bytes.replaceSubrange(16 * 2048..<16 * 2048 + 6, with: [1] + Array("CD001".utf8))
        bytes[16 * 2048 + 158] = 18
        bytes[16 * 2048 + 167] = 8
        let name = Array(folder.utf8)
        let record = 18 * 2048
        bytes[record] = UInt8(33 + name.count + 1)
        bytes[record + 25] = 2
        bytes[record + 32] = UInt8(name.count)
        bytes.replaceSubrange(record + 33..<record + 33 + name.count, with: name)
        return bytes
    }

    private func relative(_ paths: [String], to root: URL) -> [String] {
        paths.map { String($0.dropFirst(root.path.count + 1)) }
    }

    @Test("a folder holding VIDEO_TS or BDMV is listed as itself, its .VOB and .m2ts pieces not; a film disc's image is listed, a data disc's not")
    func walked() throws {
        let root = try tree([
            "The.Matrix.1999.PAL.DVDR/VIDEO_TS/VIDEO_TS.IFO": [0], "The.Matrix.1999.PAL.DVDR/VIDEO_TS/VTS_01_1.VOB": [0],
            "The.Matrix.1999.PAL.DVDR/poster.jpg": [0], "The.Matrix.1999.PAL.DVDR/extras/making-of.mkv": [0],
            "Blade Runner (1982)/BDMV/index.bdmv": [0], "Blade Runner (1982)/BDMV/STREAM/00000.m2ts": [0], "Blade Runner (1982)/BDMV/STREAM/00001.m2ts": [0],
            "Night Drive (2011).iso": image(naming: "VIDEO_TS"), "Heat.1995.BD50.iso": image(naming: "BDMV"), "ubuntu.iso": image(naming: "BOOT"),
            "Broken/VIDEO_TS/VTS_01_1.VOB": [0], "Film (2011).mkv": [0],
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let files = try MediaFolder.files(in: root.path).get()
        #expect(relative(files, to: root) == ["Blade Runner (1982)", "Film (2011).mkv", "Heat.1995.BD50.iso", "Night Drive (2011).iso", "The.Matrix.1999.PAL.DVDR"],
                "a VIDEO_TS without its VIDEO_TS.IFO is no disc; a disc's folder is not gone into (its extras neither)")
        let items = MediaFolder.items(files: files)
        #expect(items.map(\.title) == ["Blade Runner (1982)", "Film (2011)", "Heat (1995)", "Night Drive (2011)", "The Matrix (1999)"])
        #expect(items.map(\.disc) == [.bluray, nil, .bluray, .dvd, .dvd])
        #expect(items.map(\.titleFromLocation) == [false, true, false, false, false], "a disc's player title is its navigation's (dvd://)")
        #expect(items[4].url == root.path + "/The.Matrix.1999.PAL.DVDR" && items[4].artwork == root.path + "/The.Matrix.1999.PAL.DVDR/poster.jpg")
    }

    @Test("a disc's folder given itself, or its VIDEO_TS or BDMV, is the one disc")
    func givenItself() throws {
        let root = try tree(["Film (1999)/VIDEO_TS/VIDEO_TS.IFO": [0], "Film (1999)/VIDEO_TS/VTS_01_1.VOB": [0], "Heat/BDMV/index.bdmv": [0]])
        defer { try? FileManager.default.removeItem(at: root) }
        for given in ["Film (1999)", "Film (1999)/VIDEO_TS", "Film (1999)/VIDEO_TS/"] {
            let items = try MediaFolder.files(in: root.appendingPathComponent(given).path).map(MediaFolder.items(files:)).get()
            #expect(items.map(\.url) == [root.path + "/Film (1999)"] && items.map(\.title) == ["Film (1999)"] && items.map(\.disc) == [.dvd], "\(given)")
        }
        let items = try MediaFolder.files(in: root.appendingPathComponent("Heat/BDMV").path).map(MediaFolder.items(files:)).get()
        #expect(items.map(\.url) == [root.path + "/Heat"] && items.map(\.disc) == [.bluray])
    }

    @Test("a disc's .nfo (inside its folder, or in VIDEO_TS as Kodi keeps it) gives its title, plot and rating; a disc's image reads its own as a file does")
    func sidecars() throws {
        let nfo = Array("<movie><title>The Matrix</title><year>1999</year><plot>Red pill.</plot><mpaa>US:Rated R</mpaa></movie>".utf8)
        let root = try tree([
            "Matrix/VIDEO_TS/VIDEO_TS.IFO": [0], "Matrix/movie.nfo": nfo,
            "Kodi/VIDEO_TS/VIDEO_TS.IFO": [0], "Kodi/VIDEO_TS/VIDEO_TS.nfo": nfo,
            "Image/Night Drive.iso": image(naming: "VIDEO_TS"), "Image/Night Drive.nfo": nfo, "Image/Night Drive.jpg": [0],
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let items = MediaFolder.items(files: try MediaFolder.files(in: root.path).get())
        #expect(items.map(\.title) == ["The Matrix (1999)", "The Matrix (1999)", "The Matrix (1999)"])
        #expect(items.map(\.rating) == ["R", "R", "R"] && items.allSatisfy { $0.contentRating != nil && $0.summary == "Red pill." })
        #expect(items[0].artwork == root.path + "/Image/Night Drive.jpg" && items[0].disc == .dvd)
    }

    @Test("a lineup's entry naming a disc's folder or image plays it as the disc, under the lineup's name; the .nfo's rating where the lineup gives none")
    func lineupEntries() throws {
        let root = try tree(["Matrix/VIDEO_TS/VIDEO_TS.IFO": [0], "Matrix/movie.nfo": Array("<movie><mpaa>R</mpaa></movie>".utf8),
                             "Night.iso": image(naming: "VIDEO_TS"), "Heat/BDMV/index.bdmv": [0]])
        defer { try? FileManager.default.removeItem(at: root) }
        let items = MediaFolder.lineupSidecars([MediaItem(title: "Matrix", url: root.path + "/Matrix"), MediaItem(title: "Night", url: root.path + "/Night.iso"),
                                                MediaItem(title: "Heat", url: root.path + "/Heat/BDMV")])
        #expect(items.map(\.disc) == [.dvd, .dvd, .bluray] && items.map(\.title) == ["Matrix", "Night", "Heat"] && items[0].rating == "R")
        #expect(items[2].url == root.path + "/Heat" && items[2].id == root.path + "/Heat/BDMV", "played from the disc's folder, known by the lineup's name for it")
    }

    @Test("libmpv opens a disc through its navigation, the folder or image as its device; anything else as it is")
    func loaded() {
        var dvd = MediaItem(title: "Film", url: "/films/Film (1999)")
        dvd.disc = .dvd
        var bluray = MediaItem(title: "Heat", url: "/films/Heat.iso")
        bluray.disc = .bluray
        #expect(DiscLoad.url(for: dvd) == "dvd://" && DiscLoad.options(for: dvd) == ["dvd-device": "/films/Film (1999)"])
        #expect(DiscLoad.url(for: bluray) == "bd://" && DiscLoad.options(for: bluray) == ["bluray-device": "/films/Heat.iso"])
        let film = MediaItem(title: "Film", url: "/films/Film.mkv")
        #expect(DiscLoad.url(for: film) == nil && DiscLoad.options(for: film).isEmpty)
    }
}
