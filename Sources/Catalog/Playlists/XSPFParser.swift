import Foundation

/// An XSPF playlist (VLC's own: `<playlist><trackList><track><location>`),
/// read through libxml2 (`XMLReader`: no network, no entities). Each
/// track's location is a URI: a `file://` one (VLC's, percent-encoded) is
/// its path, a relative one its path relative to the playlist; its title
/// is `<title>`, with `<creator>` before it when both are there ("Artist –
/// Song"). Pure but for libxml2; any thread.
public enum XSPFParser {
    /// Whether `prefix` (a document's first bytes) is an XSPF playlist.
    public static func isXSPF(_ prefix: some StringProtocol) -> Bool {
        let lower = prefix.prefix(4096).lowercased()
        return lower.contains("<playlist") && lower.contains("xspf.org/ns/0")
    }

    /// The lineup `data` lists; a document that cannot be read is a
    /// lineup of none, with why.
    public static func parse(_ data: Data) -> Lineup {
        guard let reader = XMLReader(data: data) else {
            return Lineup(problems: [CatalogProblem(line: 0, message: "the XSPF playlist cannot be read")])
        }
        var entries: [PlaylistEntry] = []
        var depth = 0, trackDepth: Int?
        var field: String?, text = ""
        var location: String?, title: String?, creator: String?, duration: Double?
        while let node = reader.next() {
            switch node {
            case .start(let name, _, let empty):
                depth += 1
                if name == "track", trackDepth == nil, !empty {
                    trackDepth = depth
                    (location, title, creator, duration) = (nil, nil, nil, nil)
                } else if let track = trackDepth, depth == track + 1 {
                    field = name
                    text = ""
                }
                if empty {
                    depth -= 1
                    field = nil
                }
            case .text(let value):
                if field != nil, text.utf8.count < 8192 { text += value }
            case .end(let name):
                if let track = trackDepth, depth == track + 1, let current = field, current == name {
                    let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
                    switch current {
                    case "location": if location == nil, !value.isEmpty { location = value }
                    case "title": title = value
                    case "creator": creator = value
                    case "duration": duration = Double(value).map { $0 / 1000 }
                    default: break
                    }
                    field = nil
                } else if depth == trackDepth {
                    trackDepth = nil
                    if let location {
                        let named = [creator, title].compactMap { $0?.isEmpty == false ? $0 : nil }
                        entries.append(PlaylistEntry(location: path(of: location), title: title?.isEmpty == false ? named.joined(separator: " – ") : nil,
                                                     length: duration, line: 0))
                    }
                }
                depth -= 1
            }
        }
        var problems: [CatalogProblem] = []
        if let error = reader.error { problems.append(CatalogProblem(line: error.line, message: error.message)) }
        if let refusal = reader.refusal { problems.append(CatalogProblem(line: 0, message: refusal)) }
        return Lineup(playlistEntries: entries, problems: problems)
    }

    /// A track's `location` as tvshell plays it: a `file://` URI's path
    /// (on this machine: no host, or localhost), a relative URI's path
    /// (both percent-decoded); any other URL as it is.
    static func path(of location: String) -> String {
        let lower = location.lowercased()
        if lower.hasPrefix("file:") {
            guard let url = URL(string: location), url.host == nil || url.host == "" || url.host == "localhost", !url.path.isEmpty else { return location }
            return url.path
        }
        guard !location.contains("://") else { return location }
        return location.removingPercentEncoding ?? location
    }
}
