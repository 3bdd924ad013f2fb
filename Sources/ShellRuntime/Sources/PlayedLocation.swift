import Catalog
import Foundation
import MediaModel

/// The item for a location asked for while the shell runs: the socket's and
/// the fleet's `play`, mpv's `loadfile`, MPRIS's `OpenUri`. A local file is
/// read as a folder's file is at the start (`MediaFolder.items(files:)`:
/// its `.nfo`'s title and rating, its artwork), so a film rated only beside
/// it is asked for the same whichever way it is opened; a `file://` URI is
/// its path, so it is the lineup's item, and its resume place, when it is
/// one of them.
enum PlayedLocation {
    /// "file:///media/A%20Film.mkv" (or "file://localhost/…") as
    /// "/media/A Film.mkv"; anything else as given. Pure; any thread.
    static func normalized(_ location: String) -> String {
        guard location.lowercased().hasPrefix("file://"), let url = URL(string: location), url.isFileURL,
              url.host == nil || url.host == "" || url.host == "localhost", !url.path.isEmpty else { return location }
        return url.path
    }

    /// Whether making the item reads the disk: a path, not a URL.
    static func isLocal(_ location: String) -> Bool {
        !location.contains("://")
    }

    /// The item for `location` (`normalized` first), its rating resolved.
    /// Reads the disk for a local file (`isLocal`): any thread but the run
    /// loop for those.
    static func item(for location: String) -> MediaItem {
        let location = normalized(location)
        guard isLocal(location), !MediaFolder.isDirectory(location), let item = MediaFolder.items(files: [location]).first else {
            return MediaItem.fromLocation(location).resolvingRating()
        }
        return item.resolvingRating()
    }
}
