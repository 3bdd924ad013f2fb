@testable import Catalog
import Foundation
import MediaModel
import Testing

@Suite("Subtitles a release keeps in a Subs folder beside the film")
struct SidecarSubtitlesTests {
    private func tree(_ paths: [String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("subs-\(UUID().uuidString)")
        for path in paths {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("1\n00:00:00,000 --> 00:00:01,000\nHello\n\n".utf8).write(to: file)
        }
        return root
    }

    @Test("a film alone in its folder: every subtitle file of its Subs folder, in order, named by language")
    func filmAlone() throws {
        let root = try tree(["Night.Drive.2011.720p.mp4", "Subs/10_French.srt", "Subs/2_English.srt", "Subs/3_English.srt", "Subs/notes.txt", "Night.Drive.2011.720p.en.srt"])
        defer { try? FileManager.default.removeItem(at: root) }
        let files = SidecarSubtitles.files(for: root.path + "/Night.Drive.2011.720p.mp4")
        #expect(files == [
            SubtitleFile(path: root.path + "/Subs/2_English.srt", title: "English", language: "en"),
            SubtitleFile(path: root.path + "/Subs/3_English.srt", title: "English", language: "en"),
            SubtitleFile(path: root.path + "/Subs/10_French.srt", title: "French", language: "fr"),
        ], "the file beside the film is mpv's own to find, not listed again")
    }

    @Test("an episode among others: its own folder in Subs, and the Subs files that name it; not the others'")
    func episodes() throws {
        let root = try tree(["Show.S01E01.mkv", "Show.S01E02.mkv", "Subs/Show.S01E01/2_English.srt", "Subs/Show.S01E02/2_English.srt",
                             "Subs/Show.S01E01.de.srt", "Subs/English.srt"])
        defer { try? FileManager.default.removeItem(at: root) }
        let files = SidecarSubtitles.files(for: root.path + "/Show.S01E01.mkv")
        #expect(files.map(\.path) == [root.path + "/Subs/Show.S01E01/2_English.srt", root.path + "/Subs/Show.S01E01.de.srt"])
        #expect(files.map(\.title) == ["English", "German"] && files.map(\.language) == ["en", "de"])
        #expect(SidecarSubtitles.files(for: root.path + "/Show.S01E01.mkv", alone: false).count == 2, "told it is not alone, the same")
        #expect(SidecarSubtitles.files(for: root.path + "/Show.S01E01.mkv", alone: true).count == 3, "told it is alone, English.srt too")
        var finder = SidecarSubtitles.Finder()
        let season = ["Show.S01E01.mkv", "Show.S01E02.mkv"].map { finder.files(for: root.path + "/" + $0) }
        #expect(season[0] == files && season[1].map(\.path) == [root.path + "/Subs/Show.S01E02/2_English.srt"], "one finder for a season: each its own")
    }

    @Test("no Subs folder, or a URL: none; Subtitles and sub are Subs folders too")
    func none() throws {
        let root = try tree(["Film.mkv", "Film.srt"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(SidecarSubtitles.files(for: root.path + "/Film.mkv").isEmpty)
        #expect(SidecarSubtitles.files(for: "http://nas.local/Film.mkv").isEmpty)
        let other = try tree(["Film.mkv", "Subtitles/Spanish.srt"])
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(SidecarSubtitles.files(for: other.path + "/Film.mkv").map(\.title) == ["Spanish"])
    }

    @Test("names: the film's name and a release's number left out; the language's English name (a region's kept: Brazilian, Latino), or its code in lower case; HI and SDH in capitals are no languages", arguments: [
        ("2_English.srt", "English", "en"),
        ("Film.fr.srt", "French", "fr"),
        ("Film.English.HI.srt", "English HI", "en"),
        ("Film.eng.SDH.srt", "English SDH", "en"),
        ("Deutsch.forced.srt", "German forced", "de"),
        ("Film.srt", "Subtitles", nil),
        ("Film.HI.srt", "HI", nil),
        ("Film.hi.srt", "Hindi", "hi"),
        ("4_Brazilian.srt", "Portuguese (Brazil)", "pt"),
        ("5_Portuguese.srt", "Portuguese", "pt"),
        ("Film.Latino.forced.srt", "Spanish (Latin America) forced", "es"),
        ("Commentary.srt", "Commentary", nil),
    ] as [(String, String, String?)])
    func names(file: String, title: String, language: String?) {
        let named = SidecarSubtitles.name(of: file, film: "Film")
        #expect(named.title == title && named.language == language, "\(file): \(named)")
    }
}
