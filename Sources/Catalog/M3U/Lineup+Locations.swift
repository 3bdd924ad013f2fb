import Foundation
import MediaModel

extension Lineup {
    /// The lineup as read from `location` (its file's path, or the URL it
    /// was fetched from): each entry's relative location ("Season 1/Episode
    /// 2.mkv", or "Season 1\Episode 2.mkv" as a player on Windows writes
    /// it) made the file beside the lineup's file, or the URL beside the
    /// lineup's URL, as players read playlists; absolute paths and URLs as
    /// they are. Pure (Foundation's URL arithmetic, no file read); any
    /// thread.
    public func resolvingLocations(against location: String) -> Lineup {
        var lineup = self
        for index in lineup.channels.indices {
            let channel = lineup.channels[index]
            let url = LineupChannel.resolved(channel.url, against: location)
            if url != channel.url {
                lineup.channels[index].url = url
                if channel.nameFromLocation { lineup.channels[index].name = MediaItem.fileName(of: url) }
            }
            for (alternate, stream) in channel.alternates.enumerated() {
                let resolved = LineupChannel.resolved(stream.url, against: location)
                if resolved != stream.url { lineup.channels[index].alternates[alternate].url = resolved }
            }
        }
        return lineup
    }
}

extension LineupChannel {
    /// Whether `location` is a file: a path (relative or absolute) or a
    /// `file://` URL.
    public static func isFileLocation(_ location: String) -> Bool {
        guard let scheme = location.range(of: "://") else { return true }
        return location[..<scheme.lowerBound].lowercased() == "file"
    }

    /// `entry` made absolute against the lineup's `base` (as
    /// `Lineup.resolvingLocations(against:)`); as it is when it is absolute
    /// already, a Windows drive's path ("C:\Films\…", nothing here to find
    /// it on), or `base` is neither a path nor an http(s) URL.
    static func resolved(_ entry: String, against base: String) -> String {
        guard !entry.contains("://"), !entry.hasPrefix("/"), !entry.isEmpty else { return entry }
        let windowsDrive = entry.utf8.count >= 2 && entry.utf8.dropFirst().first == UInt8(ascii: ":")
        guard !windowsDrive else { return entry }
        let relative = entry.replacingOccurrences(of: "\\", with: "/")
        let lowerBase = base.lowercased()
        if lowerBase.hasPrefix("http://") || lowerBase.hasPrefix("https://") {
            guard let baseURL = URL(string: base) else { return entry }
            let encoded = relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.union(CharacterSet(charactersIn: "?&=")))
            let url = URL(string: relative, relativeTo: baseURL) ?? encoded.flatMap { URL(string: $0, relativeTo: baseURL) }
            return url?.absoluteURL.absoluteString ?? entry
        }
        guard !base.contains("://") else { return entry }
        let folder = (base as NSString).deletingLastPathComponent
        return URL(fileURLWithPath: relative, relativeTo: URL(fileURLWithPath: folder.isEmpty ? "." : folder, isDirectory: true))
            .standardizedFileURL.path
    }
}
