import Foundation

/// A PLS playlist (`[playlist]`, `File1=`, `Title1=`, `Length1=`), as
/// Winamp, VLC and radio stations write it: its entries in their numbers'
/// order. Pure; any thread.
public enum PLSParser {
    /// Whether `text` is a PLS playlist: its first line (spaces aside) is
    /// `[playlist]`, in any case.
    public static func isPLS(_ text: some StringProtocol) -> Bool {
        text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }.prefix(10).lowercased() == "[playlist]"
    }

    /// The lineup `text` lists (`Lineup.init(playlistEntries:problems:)`);
    /// a line that is none of its keys is a problem, skipped.
    public static func parse(_ text: String) -> Lineup {
        var files: [Int: (location: String, line: Int)] = [:]
        var titles: [Int: String] = [:]
        var lengths: [Int: Double] = [:]
        var problems: [CatalogProblem] = []
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix(";"), !line.hasPrefix("#"), line.lowercased() != "[playlist]" else { continue }
            guard let equals = line.firstIndex(of: "=") else {
                problems.append(CatalogProblem(line: index + 1, message: "expected KEY=VALUE, found “\(line.prefix(60))”; skipped"))
                continue
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            let digits = key.drop { !$0.isNumber }
            guard let number = Int(digits), !digits.isEmpty else { continue }
            switch key.prefix(key.count - digits.count) {
            case "file": if !value.isEmpty { files[number] = (value, index + 1) }
            case "title": titles[number] = value
            case "length": lengths[number] = Double(value)
            default: break
            }
        }
        let entries = files.keys.sorted().map { number in
            PlaylistEntry(location: files[number]!.location, title: titles[number], length: lengths[number], line: files[number]!.line)
        }
        return Lineup(playlistEntries: entries, problems: problems)
    }
}
