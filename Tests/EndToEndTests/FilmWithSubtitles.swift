import Foundation
import ShellTesting

/// A minute's film `NAME.mp4` in `dir` with a subtitle file beside it for
/// each of `languages` (`NAME.CODE.srt`, one line for the whole minute:
/// `line(language)`): its path, to play.
func filmWithSubtitles(in dir: URL, name: String = "Film", languages: [(code: String, name: String)],
                       line: (String) -> String) throws -> String {
    let film = dir.appendingPathComponent("\(name).mp4").path
    try FileManager.default.copyItem(atPath: try TestMedia.clipWithSidecar(name: "untitled"), toPath: film)
    for language in languages {
        try "1\n00:00:00,000 --> 00:01:00,000\n\(line(language.name))\n\n"
            .write(toFile: dir.appendingPathComponent("\(name).\(language.code).srt").path, atomically: true, encoding: .utf8)
    }
    return film
}
