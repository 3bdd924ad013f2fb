/// Columns a character takes in a terminal: 0 (combining), 1, or 2 (East
/// Asian wide and emoji). An approximation of wcwidth that needs no locale.
public func columnWidth(of character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    let v = scalar.value
    if v < 0x300 { return v < 0x20 || (v >= 0x7F && v < 0xA0) ? 0 : 1 }
    if (0x300...0x36F).contains(v) || (0x200B...0x200F).contains(v) { return 0 }
    let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]
    return wide.contains { $0.contains(v) } ? 2 : 1
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

/// `text` broken into lines of at most `width` columns at spaces (words
/// longer than a line are cut), at most `maxLines` lines, the last one ending
/// in "…" when text is left over.
public func wrap(_ text: String, width: Int, maxLines: Int, ellipsis: Character = "…") -> [String] {
    guard width > 0, maxLines > 0 else { return [] }
    var lines: [String] = []
    var current = ""
    let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
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
            current = truncate(word, toWidth: width, ellipsis: ellipsis)
            index += 1
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
