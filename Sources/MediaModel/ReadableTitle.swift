/// A file name as a title a person reads: "Show.Name.S01E02.720p.mkv" →
/// "Show Name — S01E02". The extension goes, dots and underscores become
/// spaces, and an `S01E02` episode mark ends the title (what follows it in
/// file names is release detail). Pure.
public enum ReadableTitle {
    public static func of(fileName: String) -> String {
        var name = Substring(fileName)
        if let dot = name.lastIndex(of: "."), name.distance(from: dot, to: name.endIndex) <= 5, dot != name.startIndex {
            name = name[..<dot]
        }
        let spaced = String(name.map { $0 == "." || $0 == "_" ? " " : $0 })
        let words = spaced.split(separator: " ", omittingEmptySubsequences: true)
        guard let mark = words.firstIndex(where: isEpisodeMark) else { return words.joined(separator: " ") }
        let show = words[..<mark].filter { $0 != "-" }.joined(separator: " ")
        let episode = words[mark].uppercased()
        return show.isEmpty ? episode : "\(show) — \(episode)"
    }

    /// "S01E02" (any case, any number of digits).
    static func isEpisodeMark(_ word: Substring) -> Bool {
        let chars = Array(word.lowercased())
        guard chars.first == "s", let e = chars.firstIndex(of: "e"), e > 1, e < chars.count - 1 else { return false }
        return chars[1..<e].allSatisfy(\.isNumber) && chars[(e + 1)...].allSatisfy(\.isNumber)
    }
}
