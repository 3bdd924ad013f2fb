import MediaModel

/// The built-in guess at what comes after `items[index]`: the next episode by
/// `S01E02`-style numbering in titles or file names, else the next item of
/// the same lineup group or folder. Pure.
public enum NextItem {
    public static func after(_ index: Int, in items: [MediaItem]) -> Int? {
        guard items.indices.contains(index), !items[index].isLive else { return nil }
        let current = items[index]
        if let here = episode(current) {
            if let next = items.indices.first(where: { i in
                guard i != index, let there = episode(items[i]), there.show == here.show else { return false }
                return (there.season == here.season && there.number == here.number + 1) || (there.season == here.season + 1 && there.number == 1)
            }) { return next }
        }
        let next = index + 1
        guard items.indices.contains(next), !items[next].isLive else { return nil }
        if let group = current.group { return items[next].group == group ? next : nil }
        return folder(current.url) != nil && folder(current.url) == folder(items[next].url) ? next : nil
    }

    /// The most digits a season or an episode number has ("S2024E0315", a
    /// daily show's): a longer run of digits is no such number.
    static let mostDigits = 6

    /// The show (the text before the number, lower-cased), season and
    /// episode of "Show S01E02" in the file name or the title.
    static func episode(_ item: MediaItem) -> (show: String, season: Int, number: Int)? {
        for text in [fileName(item.url), item.title] {
            let chars = Array(text)
            for i in chars.indices where chars[i] == "S" || chars[i] == "s" {
                var j = i + 1, season = 0, digits = 0
                while j < chars.count, let d = chars[j].wholeNumberValue, digits < mostDigits { season = season * 10 + d; j += 1; digits += 1 }
                guard digits > 0, j < chars.count, chars[j] == "E" || chars[j] == "e" else { continue }
                j += 1
                var number = 0, numberDigits = 0
                while j < chars.count, let d = chars[j].wholeNumberValue, numberDigits < mostDigits { number = number * 10 + d; j += 1; numberDigits += 1 }
                guard numberDigits > 0, j == chars.count || chars[j].wholeNumberValue == nil else { continue }
                let show = String(chars[..<i]).lowercased().filter { $0.isLetter || $0.isNumber }
                return (show, season, number)
            }
        }
        return nil
    }

    private static func fileName(_ url: String) -> String {
        String(url.split(separator: "/").last ?? Substring(url))
    }

    private static func folder(_ url: String) -> String? {
        guard !url.contains("://"), let slash = url.lastIndex(of: "/") else { return nil }
        return String(url[..<slash])
    }
}
