import MediaModel

/// The lineup's item names, folded for the search line (lower case, Latin
/// letters without their accents, as UTF-8 bytes in one buffer: a remote's
/// on-screen keyboard types a–z only), made once when the items change: a typed
/// letter then costs one pass over bytes, not a string made per item (a
/// provider's lineup holds 350 000 items).
///
/// A value derived from the state: never written by reducers. Pure.
public struct ItemNameIndex: Equatable, Sendable {
    private var bytes: [UInt8] = []
    /// Where each item's name begins in `bytes`, and one past the last.
    private var starts: [Int] = [0]

    public init() {}

    init(items: [MediaItem]) {
        starts.reserveCapacity(items.count + 1)
        bytes.reserveCapacity(items.count * 16)
        for item in items {
            bytes.append(contentsOf: Self.fold(item.title))
            starts.append(bytes.count)
        }
    }

    /// `text` as names are kept: lower case, accents taken off Latin
    /// letters, whether written as one character or two ("Österreich" →
    /// "osterreich", "Straße" → "strasse"), UTF-8.
    static func fold(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.lowercased().unicodeScalars {
            if scalar.value < 0x80 {
                bytes.append(UInt8(scalar.value))
            } else if (0x300...0x36F).contains(scalar.value) {
                // A combining accent of a name written decomposed ("e" and U+0301).
                continue
            } else if let plain = unaccented[scalar] {
                bytes.append(contentsOf: plain.utf8)
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Lower-case Latin letters with accents (Latin-1, Latin Extended-A,
    /// Romanian's comma below) and the plain letters they fold to.
    private static let unaccented: [Unicode.Scalar: String] = {
        let groups: [(String, String)] = [
            ("àáâãäåāăą", "a"), ("æ", "ae"), ("çćĉċč", "c"), ("ďđð", "d"), ("èéêëēĕėęě", "e"), ("ĝğġģ", "g"), ("ĥħ", "h"),
            ("ìíîïĩīĭįı", "i"), ("ĵ", "j"), ("ķ", "k"), ("ĺļľŀł", "l"), ("ñńņňŉ", "n"), ("òóôõöøōŏő", "o"), ("œ", "oe"),
            ("ŕŗř", "r"), ("śŝşšș", "s"), ("ß", "ss"), ("ţťŧț", "t"), ("þ", "th"), ("ùúûüũūŭůűų", "u"), ("ŵ", "w"),
            ("ýÿŷ", "y"), ("źżž", "z"),
        ]
        var table: [Unicode.Scalar: String] = [:]
        for (letters, plain) in groups {
            for scalar in letters.unicodeScalars { table[scalar] = plain }
        }
        return table
    }()

    /// The items, taken in `order`, whose name holds every word of `query`
    /// (upper or lower case, accents or none alike), best first: names that begin with the
    /// query, then names with a word that begins with its first word, then
    /// the rest, each kind in `order`; at most `limit`.
    public func matches(_ query: String, order: [Int], limit: Int) -> [Int] {
        let words = query.split(whereSeparator: \.isWhitespace).map { Self.fold(String($0)) }
        guard let first = words.first, limit > 0 else { return [] }
        let whole = Self.fold(query.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        var ranked: [[Int]] = [[], [], []]
        bytes.withUnsafeBufferPointer { buffer in
            for index in order where index + 1 < starts.count {
                let name = buffer[starts[index]..<starts[index + 1]]
                guard words.allSatisfy({ Self.find($0, in: name, wordStart: false) != nil }) else { continue }
                let rank = name.starts(with: whole) ? 0 : Self.find(first, in: name, wordStart: true) != nil ? 1 : 2
                if ranked[rank].count < limit { ranked[rank].append(index) }
            }
        }
        return Array(ranked.joined().prefix(limit))
    }

    /// Where `word` first occurs in `name` (at the start of one of its words
    /// when `wordStart`: after a byte that is no ASCII letter or digit).
    private static func find(_ word: [UInt8], in name: Slice<UnsafeBufferPointer<UInt8>>, wordStart: Bool) -> Int? {
        guard !word.isEmpty, name.count >= word.count else { return word.isEmpty ? name.startIndex : nil }
        var at = name.startIndex
        let last = name.endIndex - word.count
        while at <= last {
            if name[at] == word[0], !wordStart || at == name.startIndex || !isAlphanumeric(name[at - 1]) {
                var matched = 1
                while matched < word.count, name[at + matched] == word[matched] { matched += 1 }
                if matched == word.count { return at }
            }
            at += 1
        }
        return nil
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || byte >= 0x80
    }
}
