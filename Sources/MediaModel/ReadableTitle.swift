/// A file name as a title a person reads, as a media centre shows a folder
/// of downloads: "Show.Name.S01E02.720p.mkv" → "Show Name — S01E02",
/// "The.Matrix.1999.1080p.BluRay.x264-GROUP.mkv" → "The Matrix (1999)".
/// Pure; any thread.
///
/// The extension goes; dots and underscores become spaces in a name that
/// has no spaces (in one that has, a dot is the title's: "Mr. Robot");
/// bracketed tags ("[YTS.MX]") go. An `S01E02` episode mark ends the title;
/// else a year after the title does ("(1999)"), a year last and bare
/// staying the title's own ("Blade Runner 2049", but "Blade Runner 2049
/// 2017" is the film of 2017); else the first release
/// tag ("1080p", "BluRay", "x264" …). What follows is release detail.
/// Made from its own output it gives the same again.
public enum ReadableTitle {
    /// `fileName`: a file's name with its extension, or (`hasExtension`
    /// false) a title that may be a release name (a container's title tag).
    public static func of(fileName: String, hasExtension: Bool = true) -> String {
        var name = Substring(fileName)
        if hasExtension, let dot = name.lastIndex(of: "."), name.distance(from: dot, to: name.endIndex) <= 5, dot != name.startIndex {
            name = name[..<dot]
        }
        let spaced = name.contains(" ") ? String(name.map { $0 == "_" ? " " : $0 })
                                        : String(name.map { $0 == "." || $0 == "_" ? " " : $0 })
        let words = withoutBrackets(spaced).split(separator: " ", omittingEmptySubsequences: true)
        let title = readable(words)
        return title.isEmpty ? String(name) : title
    }

    /// The title in `words`: up to an episode mark, a year or a release tag.
    private static func readable(_ words: [Substring]) -> String {
        func joined(_ part: ArraySlice<Substring>) -> String {
            var kept = Array(part)
            while let last = kept.last, isDash(last) { kept.removeLast() }
            while let first = kept.first, isDash(first) { kept.removeFirst() }
            return kept.joined(separator: " ")
        }
        if let mark = words.firstIndex(where: isEpisodeMark) {
            let show = joined(words[..<mark].filter { !isDash($0) }[...])
            let episode = words[mark].uppercased()
            return show.isEmpty ? episode : "\(show) — \(episode)"
        }
        if let at = words.indices.last(where: { $0 > 0 && year(words[$0]) != nil }),
           let year = year(words[at]), words[at].hasPrefix("(") || at < words.count - 1 || self.year(words[at - 1]) != nil {
            return "\(joined(words[..<at])) (\(year))"
        }
        if let tag = words.indices.first(where: { $0 > 0 && isReleaseTag(words[$0]) }) {
            return joined(words[..<tag])
        }
        return joined(words[...])
    }

    /// `text` without what is between square or curly brackets.
    private static func withoutBrackets(_ text: String) -> String {
        var result = "", depth = 0
        for character in text {
            if character == "[" || character == "{" { depth += 1; result.append(" ") } else if character == "]" || character == "}" {
                depth = max(0, depth - 1)
            } else if depth == 0 { result.append(character) }
        }
        return result
    }

    private static func isDash(_ word: Substring) -> Bool { word == "-" || word == "—" || word == "–" }

    /// The year in "1999" or "(1999)": 1900 to 2099.
    private static func year(_ word: Substring) -> Int? {
        let bare = word.hasPrefix("(") && word.hasSuffix(")") && word.count == 6 ? word.dropFirst().dropLast() : word
        guard bare.count == 4, bare.allSatisfy(\.isASCII), let value = Int(bare), (1900...2099).contains(value) else { return nil }
        return value
    }

    /// "1080p", "x264-GROUP" (a tag with the release group after it).
    private static func isReleaseTag(_ word: Substring) -> Bool {
        let lowered = word.lowercased()
        return releaseTags.contains(lowered) || lowered.split(separator: "-").first.map { releaseTags.contains(String($0)) } == true
    }

    /// Words of a release name that are no part of the title (lower-cased):
    /// technical ones only, no word a title may hold ("web", "extended").
    static let releaseTags: Set<String> = [
        "480p", "576p", "720p", "1080p", "1080i", "2160p", "4k", "uhd", "hdr", "hdr10",
        "bluray", "blu-ray", "bdrip", "brrip", "bdremux", "remux", "webrip", "web-dl", "webdl", "hdtv", "hdrip", "dvdrip", "pdtv",
        "dvdr", "dvd5", "dvd9", "bd25", "bd50", "bdmv", "ntsc",
        "x264", "x265", "h264", "h265", "h.264", "h.265", "hevc", "xvid", "divx", "av1",
        "aac", "ac3", "eac3", "dts", "truehd", "ddp5.1", "dd5.1",
    ]

    /// "S01E02" (any case, any number of digits).
    static func isEpisodeMark(_ word: Substring) -> Bool {
        let chars = Array(word.lowercased())
        guard chars.first == "s", let e = chars.firstIndex(of: "e"), e > 1, e < chars.count - 1 else { return false }
        return chars[1..<e].allSatisfy(\.isNumber) && chars[(e + 1)...].allSatisfy(\.isNumber)
    }
}
