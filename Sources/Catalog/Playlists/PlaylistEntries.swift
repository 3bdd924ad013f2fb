import MediaModel

/// An entry of a player's playlist (PLS, XSPF): where it is and what the
/// playlist calls it.
struct PlaylistEntry {
    var location: String
    var title: String?
    /// Its length in seconds, as the playlist gives it (a stream's is -1).
    var length: Double?
    /// Its line in the file, from 1 (0 when not known).
    var line: Int
}

extension Lineup {
    /// The lineup of a player's playlist's `entries`, in their order: each
    /// file, and each URL listed with a file's length, a film
    /// (`LineupChannel.onDemand`, no number), each stream a
    /// channel numbered from 1; named by the playlist, or by its location
    /// (`nameFromLocation`). Locations are as written (relative ones made
    /// absolute by `resolvingLocations(against:)`).
    init(playlistEntries entries: [PlaylistEntry], problems: [CatalogProblem]) {
        self.init(problems: problems)
        var number = 0
        for entry in entries {
            let onDemand = LineupChannel.isFileLocation(entry.location) || (entry.length ?? -1) > M3UParser.minimumFileLength
            if !onDemand { number += 1 }
            let title = entry.title.flatMap { $0.isEmpty ? nil : $0 }
            var channel = LineupChannel(number: onDemand ? 0 : number, name: title ?? MediaItem.fileName(of: entry.location),
                                        url: entry.location, line: entry.line)
            channel.onDemand = onDemand
            channel.nameFromLocation = onDemand && title == nil
            channels.append(channel)
        }
    }
}
