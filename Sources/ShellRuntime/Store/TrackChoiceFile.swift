import Foundation
import Logging
import ShellCore

/// The viewer's subtitles and audio language (`TrackChoice`) kept for the
/// next start: `tracks.json` beside the library database, as `sound.json`
/// is. Read once as the shell starts; written a second after a choice in
/// the info panel or a menu (at once at exit), off the run loop. A file that
/// cannot be read is told in the log and the player's own choice stands.
///
/// `keep` from the run-loop thread; `flush` at exit; `read` from any thread.
public final class TrackChoiceFile: Sendable {
    /// The file's form: `{"subtitles": "French", "subtitles_sdh": true,
    /// "audio": "English", "audio_channels": 6, "audio_description": true}`;
    /// `"subtitles": "off"` for Off.
    struct Stored: Codable, Equatable, Sendable {
        var subtitles: String?
        var subtitlesForced: Bool?
        var subtitlesSDH: Bool?
        var audio: String?
        var audioChannels: Int?
        var audioDescription: Bool?

        enum CodingKeys: String, CodingKey {
            case subtitles, audio
            case audioChannels = "audio_channels"
            case audioDescription = "audio_description"
            case subtitlesForced = "subtitles_forced"
            case subtitlesSDH = "subtitles_sdh"
        }

        init(_ choice: TrackChoice) {
            switch choice.subtitles {
            case nil: break
            case .off: subtitles = "off"
            case .language(let language, let forced, let hearingImpaired):
                subtitles = language
                subtitlesForced = forced ? true : nil
                subtitlesSDH = hearingImpaired ? true : nil
            }
            audio = choice.audio
            audioChannels = choice.audioChannels
            audioDescription = choice.audioDescription ? true : nil
        }

        var choice: TrackChoice {
            let chosen: TrackChoice.Subtitles? = switch subtitles {
            case nil: nil
            case "off": .off
            case let language?: .language(language, forced: subtitlesForced ?? false, hearingImpaired: subtitlesSDH ?? false)
            }
            return TrackChoice(subtitles: chosen, audio: audio, audioChannels: audioChannels, audioDescription: audioDescription ?? false)
        }
    }

    private let file: KeptFile<Stored>
    public var path: String { file.path }
    /// Files written (for tests).
    var writes: Int { file.writes }

    public init(path: String, logger: Logger, settle: Double = 1) {
        file = KeptFile(path: path, what: "the subtitles and audio chosen", logger: logger, settle: settle)
    }

    /// `tracks.json` in the folder of the library at `libraryPath`.
    public static func path(library libraryPath: String) -> String {
        URL(fileURLWithPath: libraryPath).deletingLastPathComponent().appendingPathComponent("tracks.json").path
    }

    /// The choice kept at `path` (none when there is no file yet), or with
    /// why the file was not taken.
    public static func read(_ path: String) -> (choice: TrackChoice, problem: String?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return (TrackChoice(), FileManager.default.fileExists(atPath: path) ? "\(path) cannot be read" : nil)
        }
        guard let stored = try? JSONDecoder().decode(Stored.self, from: data) else {
            return (TrackChoice(), "\(path) is not a kept choice of tracks ({\"subtitles\": \"French\", \"audio\": \"English\"})")
        }
        return (stored.choice, nil)
    }

    /// Writes `choice` a second after the first change not yet written.
    public func keep(_ choice: TrackChoice) {
        file.keep(Stored(choice))
    }

    /// Writes what was kept and not written yet, now (at exit).
    public func flush() {
        file.flush()
    }
}
