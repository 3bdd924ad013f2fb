import Catalog
import Foundation
import Library
import MediaModel

/// A recording as the shell plays it: a film under "Recordings" on the
/// home screen, titled as its programme, rated as the programme was (the
/// passcode gate applies), its channel and air time in its description.
enum RecordingItem {
    /// The item of a recording that has a file with something in it (nil
    /// before then).
    static func make(_ recording: SavedRecording) -> MediaItem? {
        guard let path = recording.path, recording.bytes > 0,
              recording.status == "finished" || recording.status == "failed" else { return nil }
        let formatter = DateFormatter()
        formatter.dateFormat = "EEE d MMM HH:mm"
        var about = "\(recording.channelName) · \(formatter.string(from: Date(timeIntervalSince1970: recording.programmeStart)))"
        if recording.status == "failed", let reason = recording.reason { about += " · stopped early: \(reason)" }
        if let summary = recording.summary { about += "\n" + summary }
        var item = MediaItem(id: "recording:\(recording.id)", title: recording.title, url: path, rating: recording.rating,
                             contentRating: recording.rating.flatMap { RatingsTable.standard.parse($0) }, summary: about, group: "Recordings",
                             logo: recording.artwork)
        item.artwork = recording.artwork
        return item
    }
}
