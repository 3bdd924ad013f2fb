import Foundation
import Logging
import ShellCore
@testable import ShellRuntime
import Testing

@Suite("The subtitles and audio chosen, kept for the next start")
struct TrackChoiceFileTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tracks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("beside the library; nothing chosen before the first file; a language with its flags, Off, and the audio read back as kept")
    func keep() throws {
        let base = try folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let path = TrackChoiceFile.path(library: base.appendingPathComponent("tvshell/library.sqlite3").path)
        #expect(path == base.appendingPathComponent("tvshell/tracks.json").path)
        #expect(TrackChoiceFile.read(path).choice == TrackChoice() && TrackChoiceFile.read(path).problem == nil, "nothing kept yet")
        let file = TrackChoiceFile(path: path, logger: Logger(label: "test"))
        let chosen = [
            TrackChoice(subtitles: .language("French", forced: false, hearingImpaired: true), audio: "English", audioChannels: 6),
            TrackChoice(subtitles: .language("qaa", forced: true, hearingImpaired: false)),
            TrackChoice(audio: "German", audioDescription: true),
            TrackChoice(subtitles: .off, audio: "German"),
        ]
        for choice in chosen {
            file.keep(choice)
            file.flush()
            #expect(TrackChoiceFile.read(path).choice == choice)
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""subtitles":"off""#) && text.contains(#""audio":"German""#), "\(text)")
        #expect(!text.contains("audio_description"), "said only when chosen: \(text)")
        #expect(file.writes == 4)
    }

    @Test("a file that is not a kept choice is not taken, and says why; a folder in its place cannot be read")
    func refused() throws {
        let base = try folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let path = base.appendingPathComponent("tracks.json").path
        for text in ["not json", #"{"subtitles": 4}"#, "[]"] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let read = TrackChoiceFile.read(path)
            #expect(read.choice == TrackChoice() && read.problem?.contains("is not a kept choice of tracks") == true, "\(text): \(read.problem ?? "no problem")")
        }
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(TrackChoiceFile.read(path).problem?.contains("cannot be read") == true)
    }
}
