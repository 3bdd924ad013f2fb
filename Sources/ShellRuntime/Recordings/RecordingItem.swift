import Catalog
import Foundation
import Library
import MediaModel

/// A recording as the shell plays it: a film under "Recordings" on the
/// home screen (all its parts, one after another), titled as its programme,
/// held to the ratings it was scheduled under (the passcode gate applies),
/// its channel, air time and length in its description, and how it went ("stopped
/// early: disk full", "the stream stopped once; recorded in 2 parts": a gap
/// where the parts join is no surprise).
enum RecordingItem {
    /// The item of a recording that has a file with something in it (nil
    /// before then).
    static func make(_ recording: SavedRecording) -> MediaItem? {
        guard let path = recording.path, recording.bytes > 0,
              recording.status == "finished" || recording.status == "failed" else { return nil }
        let formatter = DateFormatter()
        formatter.dateFormat = "EEE d MMM HH:mm"
        var about = "\(recording.channelName) · \(formatter.string(from: Date(timeIntervalSince1970: recording.programmeStart)))"
        if let length = length(recording.duration) { about += " · " + length }
        if let reason = recording.reason { about += recording.status == "failed" ? " · stopped early: \(reason)" : " · \(reason)" }
        if let summary = recording.summary { about += "\n" + summary }
        var item = MediaItem(id: "recording:\(recording.id)", title: recording.title, url: url(of: RecordingsSettings.parts(of: path)), rating: recording.rating,
                             contentRating: nil, summary: about, group: "Recordings", logo: recording.artwork)
        (item.contentRating, item.moreRatings) = heldTo(recording)
        item.artwork = recording.artwork
        return item
    }

    /// How long a recording is, as its card says it: "45 s", "12 min",
    /// "1 h 05 min"; nil for nothing recorded (or a length that is none).
    static func length(_ seconds: Double) -> String? {
        guard seconds.isFinite, seconds >= 1, seconds < 1e9 else { return nil }
        guard seconds >= 60 else { return "\(Int(seconds)) s" }
        let minutes = Int((seconds / 60).rounded())
        guard minutes >= 60 else { return "\(minutes) min" }
        return "\(minutes / 60) h " + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60) min"
    }

    /// The ratings the gate holds `recording` to, strictest first: those
    /// kept as it was scheduled, else (made before those were kept) its
    /// published rating read as a TV one, a bare age included (a guide's
    /// FSK 16 was kept as "16").
    static func ratings(of recording: SavedRecording) -> [ContentRating] {
        let table = RatingsTable.standard
        if let kept = recording.ratings { return table.readKept(kept) }
        return recording.rating.flatMap { table.parseRating($0, media: .tv) }.map { [$0] } ?? []
    }

    /// `ratings(of:)` as an item carries them: the strictest, and the others.
    static func heldTo(_ recording: SavedRecording) -> (ContentRating?, [ContentRating]) {
        let ratings = ratings(of: recording)
        return (ratings.first, Array(ratings.dropFirst()))
    }

    /// The tags its files carry (`RecordingJob.tags`): the title, and the
    /// ratings it is held to as the file's own rating tags
    /// (`RatingsTable.ratings(inMetadata:)` reads them back).
    static func tags(of recording: SavedRecording) -> [String: String] {
        var tags = ["TITLE": recording.title]
        for (key, rating) in zip(["LAW_RATING", "CONTENT_RATING"], ratings(of: recording)) { tags[key] = rating.iTunEXTC }
        return tags
    }

    /// What plays the files of a recording: the file, or its parts (a
    /// recorder that died was resumed into a further part) joined into one
    /// timeline, as an mpv EDL whose paths are length-prefixed (a name may
    /// hold `,` or `;`).
    static func url(of paths: [String]) -> String {
        guard paths.count > 1 else { return paths.first ?? "" }
        return "edl://" + paths.map { "%\($0.utf8.count)%\($0)" }.joined(separator: ";")
    }
}
