import Catalog
import Foundation
import MediaModel

/// The items for a location asked for while the shell runs: the socket's
/// and the fleet's `play`, mpv's `loadfile`, MPRIS's `OpenUri`. A local
/// file is read as a folder's file is at the start (`MediaFolder`: its
/// `.nfo`'s title and rating, its artwork), so a film rated only beside it
/// is asked for the same whichever way it is opened; a folder is its media
/// files, and a player's playlist of files (XSPF, M3U, PLS) its entries, as on
/// the command line; a `file://` URI is its path, so it is the
/// lineup's item, and its resume place, when it is one of them.
enum PlayedLocation {
    /// "file:///media/A%20Film.mkv" (or "file://localhost/…") as
    /// "/media/A Film.mkv"; anything else as given. Pure; any thread.
    static func normalized(_ location: String) -> String {
        guard location.lowercased().hasPrefix("file://"), let url = URL(string: location), url.isFileURL,
              url.host == nil || url.host == "" || url.host == "localhost", !url.path.isEmpty else { return location }
        return url.path
    }

    /// Whether making the items reads the disk: a path, not a URL.
    static func isLocal(_ location: String) -> Bool {
        !location.contains("://")
    }

    /// The items for `location` (`normalized` first), their ratings
    /// resolved: a folder's media files, sorted as a person sorts them
    /// (why not, for a folder with none or a path ending in "/" that is not
    /// there), else the one item. Reads the disk for a local path
    /// (`isLocal`): any thread but the run loop for those. A folder's walk
    /// is given up (`.givenUp`) once `cancelled` says so.
    static func items(for location: String, cancelled: () -> Bool = { false }) -> Result<[MediaItem], MediaFolder.Problem> {
        let location = normalized(location)
        guard isLocal(location) else { return .success([MediaItem.fromLocation(location).resolvingRating()]) }
        if location.hasSuffix("/") || MediaFolder.isDirectory(location) {
            return MediaFolder.files(in: location, cancelled: cancelled).map { MediaFolder.items(files: $0).resolvingRatings() }
        }
        if let entries = playerPlaylist(location), !entries.isEmpty { return .success(entries) }
        let item = MediaFolder.items(files: [location]).first ?? MediaItem.fromLocation(location)
        return .success([item.resolvingRating()])
    }

    /// The films of the player's playlist at the local path `location`: an
    /// XSPF (which libmpv cannot read), or an M3U or PLS that lists files,
    /// its entries as the command line opens them (`InputLoader.parseLineup`),
    /// their sidecars read; nil for anything else (a station's M3U or PLS,
    /// an HLS playlist: libmpv plays those, a playlist's first entry held
    /// and rated as any load).
    private static func playerPlaylist(_ location: String) -> [MediaItem]? {
        let lower = location.lowercased()
        guard [".xspf", ".pls", ".m3u", ".m3u8"].contains(where: { lower.hasSuffix($0) }), MediaFolder.isRegularFile(location),
              let data = try? InputLoader.lineup(location), let lineup = InputLoader.parseLineup(data, from: location),
              lower.hasSuffix(".xspf") || lineup.channels.contains(where: \.onDemand)
        else { return nil }
        return MediaFolder.lineupSidecars(lineup.playableChannels().items).resolvingRatings()
    }
}
