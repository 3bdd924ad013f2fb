import MediaModel

/// The lineup's item names, folded for the search line (lower case, Latin
/// letters without their accents, as UTF-8 bytes in one buffer: a remote's
/// on-screen keyboard types a–z only), made once when the items change: a typed
/// letter then costs one pass over bytes, not a string made per item (a
/// provider's lineup holds 350 000 items).
///
/// Their channel numbers are kept beside them: digits alone find the
/// channel with that number first.
///
/// A value derived from the state: never written by reducers. Pure.
public struct ItemNameIndex: Equatable, Sendable {
    private var bytes: [UInt8] = []
    /// Where each item's name begins in `bytes`, and one past the last.
    private var starts: [Int] = [0]
    /// Each item's channel number, -1 where it has none.
    private var numbers: [Int32] = []

    public init() {}

    init(items: [MediaItem]) {
        starts.reserveCapacity(items.count + 1)
        bytes.reserveCapacity(items.count * 16)
        numbers.reserveCapacity(items.count)
        for item in items {
            bytes.append(contentsOf: Self.fold(item.title))
            starts.append(bytes.count)
            numbers.append(item.number.flatMap { Int32(exactly: $0) }.map { $0 >= 0 ? $0 : -1 } ?? -1)
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
    /// (upper or lower case, accents or none alike), or, when `query` is
    /// digits alone, whose channel number is or begins with them; best
    /// first: the channel with that number, names that begin with the
    /// query, channels whose number begins with it, names with a word that
    /// begins with its first word, then the rest, each kind in `order`; at
    /// most `limit`.
    public func matches(_ query: String, order: [Int], limit: Int) -> [Int] {
        let words = query.split(whereSeparator: \.isWhitespace).map { Self.fold(String($0)) }
        guard let first = words.first, limit > 0 else { return [] }
        let whole = Self.fold(query.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        let number = words.count == 1 ? NumberQuery(digits: first) : nil
        var ranked: [[Int]] = [[], [], [], [], []]
        bytes.withUnsafeBufferPointer { buffer in
            for index in order where index + 1 < starts.count {
                let name = buffer[starts[index]..<starts[index + 1]]
                var rank = 5
                if let number, let kind = number.match(numbers[index]) { rank = kind == .same ? 0 : 2 }
                if rank > 1, words.allSatisfy({ Self.find($0, in: name, wordStart: false) != nil }) {
                    rank = min(rank, name.starts(with: whole) ? 1 : Self.find(first, in: name, wordStart: true) != nil ? 3 : 4)
                }
                if rank < 5, ranked[rank].count < limit { ranked[rank].append(index) }
            }
        }
        return Array(ranked.joined().prefix(limit))
    }

    /// Digits typed alone, as a channel number: "7" is channel 7, and the
    /// beginning of 70–79, 700–799 …; "07" is channel 7 only (as the number
    /// keys tune it), the beginning of none.
    private struct NumberQuery {
        enum Match { case same, begins }
        let value: Int64
        let digits: Int
        let leadingZero: Bool

        init?(digits bytes: [UInt8]) {
            guard (1...9).contains(bytes.count), bytes.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            value = bytes.reduce(0) { $0 * 10 + Int64($1 - 0x30) }
            digits = bytes.count
            leadingZero = bytes.count > 1 && bytes[0] == 0x30
        }

        func match(_ number: Int32) -> Match? {
            guard number >= 0 else { return nil }
            if Int64(number) == value { return .same }
            guard !leadingZero else { return nil }
            // The number's first `digits` digits, when it has more.
            var length = 1
            var rest = Int64(number)
            while rest >= 10 { rest /= 10; length += 1 }
            guard length > digits else { return nil }
            var head = Int64(number)
            for _ in digits..<length { head /= 10 }
            return head == value ? .begins : nil
        }
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
