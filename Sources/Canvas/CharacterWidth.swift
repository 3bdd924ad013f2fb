/// Columns a character takes in a terminal: 0 (combining, zero-width), 1,
/// or 2 (East Asian wide and emoji). Judged by the character's first scalar,
/// as ncursesw judges a cell (what follows it in the cluster is combined
/// into the cell or dropped), with the widths glibc's `wcwidth` gives in a
/// UTF-8 locale — the ones ncursesw counts the cursor with — so a title
/// with "⚽" or "🚀" keeps the columns after it in place. Needs no locale.
/// Any thread.
public func columnWidth(of character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    let v = scalar.value
    if v < 0x300 { return v < 0x20 || (v >= 0x7F && v < 0xA0) ? 0 : 1 }
    if v < 0x1100 { return v <= 0x36F ? 0 : 1 }
    if let letters = regionalIndicatorLetters(character) { return letters.count }
    if CharacterWidthTable.zero.contains(where: { $0.contains(v) }) { return 0 }
    return CharacterWidthTable.isWide(v) ? 2 : 1
}

/// A flag ("🇬🇧": regional indicator symbols only) as its letters ("GB"),
/// as the screen shows it: ncursesw keeps a cell's first scalar and the
/// zero-width ones after it only, so a flag would reach the terminal as a
/// lone letter symbol (one column or two, by terminal). Nil for any other
/// character.
/// Any thread.
public func regionalIndicatorLetters(_ character: Character) -> [Character]? {
    guard let first = character.unicodeScalars.first, (0x1F1E6...0x1F1FF).contains(first.value) else { return nil }
    var letters: [Character] = []
    for scalar in character.unicodeScalars {
        guard (0x1F1E6...0x1F1FF).contains(scalar.value), let letter = Unicode.Scalar(scalar.value - 0x1F1E6 + 0x41) else { return nil }
        letters.append(Character(letter))
    }
    return letters
}

/// The ranges behind `columnWidth`.
enum CharacterWidthTable {
    /// Zero-width scalars that may start a character: spaces and joiners
    /// of zero width, the bidirectional controls, variation selectors and
    /// the byte-order mark.
    static let zero: [ClosedRange<UInt32>] = [0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0xFE00...0xFE0F, 0xFEFF...0xFEFF]

    /// Scalars two columns wide, sorted: glibc 2.36's `wcwidth` 2 (Unicode
    /// East Asian Wide and Fullwidth, emoji shown as emoji), unassigned
    /// scalars between them counted in.
    static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x3029,
        0x302E...0x303E, 0x3041...0x3096, 0x309B...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAD9,
        0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE3, 0x16FF0...0x1B2FB,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F320, 0x1F32D...0x1F335,
        0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4,
        0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567,
        0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC,
        0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7F0, 0x1F90C...0x1F93A,
        0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAF6, 0x20000...0x3FFFD,
    ]

    /// Whether `v` is in `wide` (a binary search).
    static func isWide(_ v: UInt32) -> Bool {
        var low = 0
        var high = wide.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if v < wide[middle].lowerBound { high = middle - 1 } else if v > wide[middle].upperBound { low = middle + 1 } else { return true }
        }
        return false
    }
}

/// Columns a string takes.
public func columnWidth(of string: String) -> Int {
    string.reduce(0) { $0 + columnWidth(of: $1) }
}

/// `string` cut to at most `width` columns, with "…" when cut.
public func truncate(_ string: String, toWidth width: Int, ellipsis: Character = "…") -> String {
    guard width > 0 else { return "" }
    if columnWidth(of: string) <= width { return string }
    var out = ""
    var used = 0
    for ch in string {
        let w = columnWidth(of: ch)
        if used + w > width - 1 { break }
        out.append(ch)
        used += w
    }
    out.append(ellipsis)
    return out
}

/// `text` broken into lines of at most `width` columns at whitespace (a
/// word longer than a line — a URL, a sentence in Japanese or Chinese,
/// which have no spaces — is broken where the line ends), at most
/// `maxLines` lines, the last one ending in "…" when text is left over.
/// Any thread.
public func wrap(_ text: String, width: Int, maxLines: Int, ellipsis: Character = "…") -> [String] {
    guard width > 0, maxLines > 0 else { return [] }
    var lines: [String] = []
    var current = ""
    var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    var index = 0
    while index < words.count {
        let word = words[index]
        let candidate = current.isEmpty ? word : current + " " + word
        if columnWidth(of: candidate) <= width {
            current = candidate
            index += 1
            continue
        }
        if current.isEmpty {
            let (head, rest) = split(word, atWidth: width)
            current = head
            if rest.isEmpty { index += 1 } else { words[index] = rest }
        }
        lines.append(current)
        current = ""
        if lines.count == maxLines {
            if index < words.count {
                lines[maxLines - 1] = truncate(lines[maxLines - 1] + " " + words[index...].joined(separator: " "), toWidth: width, ellipsis: ellipsis)
            }
            return lines
        }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
}

/// `word` split into the most of it that fits `width` columns (at least its
/// first character) and the rest.
private func split(_ word: String, atWidth width: Int) -> (head: String, rest: String) {
    var used = 0
    var end = word.startIndex
    while end < word.endIndex {
        let w = columnWidth(of: word[end])
        if used + w > width && end > word.startIndex { break }
        used += w
        end = word.index(after: end)
    }
    return (String(word[..<end]), String(word[end...]))
}
