/// Reads a theme from TOML text: `name`, a `[colors]` table of "#RRGGBB"
/// strings, a `[glyphs]` table of one-character strings, and `[text]` with
/// `hint`. Keys not given keep the base theme's values. The subset of TOML
/// themes need (tables, `key = "string"`, comments); anything else is an error
/// naming the line and key. Pure.
public enum ThemeFile {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let key: String?
        public let message: String
        public var description: String { "line \(line)\(key.map { ", key \($0)" } ?? ""): \(message)" }
    }

    public static func parse(_ text: String, base: Theme = .dark) throws(Failure) -> Theme {
        var theme = base
        var table = ""
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            var line = Substring(raw)
            if let hash = commentStart(line) { line = line[..<hash] }
            let trimmed = line.trimmingCharacters()
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("[") {
                guard trimmed.hasSuffix("]"), trimmed.count > 2 else {
                    throw Failure(line: number, key: nil, message: "expected a table header like [colors]")
                }
                table = String(trimmed.dropFirst().dropLast()).trimmingCharacters()
                guard ["colors", "glyphs", "text"].contains(table) else {
                    throw Failure(line: number, key: nil, message: "unknown table [\(table)]; expected [colors], [glyphs] or [text]")
                }
                continue
            }
            guard let eq = trimmed.firstIndex(of: "=") else {
                throw Failure(line: number, key: nil, message: "expected key = \"value\"")
            }
            let key = String(trimmed[..<eq]).trimmingCharacters()
            let rawValue = String(trimmed[trimmed.index(after: eq)...]).trimmingCharacters()
            guard rawValue.count >= 2, rawValue.first == "\"", rawValue.last == "\"" else {
                throw Failure(line: number, key: qualified(table, key), message: "expected a quoted string, found \(rawValue.isEmpty ? "nothing" : rawValue)")
            }
            let value = String(rawValue.dropFirst().dropLast())
            try apply(&theme, table: table, key: key, value: value, line: number)
        }
        return theme
    }

    private static func apply(_ theme: inout Theme, table: String, key: String, value: String, line: Int) throws(Failure) {
        let name = qualified(table, key)
        switch table {
        case "":
            guard key == "name" else { throw Failure(line: line, key: name, message: "unknown key; expected name or a table") }
            theme.name = value
        case "colors":
            guard let color = parseColor(value) else {
                throw Failure(line: line, key: name, message: "expected a colour like \"#1C1C22\", found \"\(value)\"")
            }
            let paths: [String: WritableKeyPath<Theme, RGB>] = [
                "text": \.text, "secondary_text": \.secondaryText, "background": \.background, "bar_background": \.barBackground,
                "progress_fill": \.progressFill, "progress_track": \.progressTrack, "scrub_head": \.scrubHead, "accent": \.accent,
                "live_badge": \.liveBadge, "error": \.error, "selection_background": \.selectionBackground, "selection_text": \.selectionText,
            ]
            guard let path = paths[key] else { throw Failure(line: line, key: name, message: "unknown colour") }
            theme[keyPath: path] = color
        case "glyphs":
            let paths: [String: WritableKeyPath<Theme.Glyphs, Character>] = [
                "fill": \.fill, "track": \.track, "head": \.head, "ruler_major": \.rulerMajor, "ruler_minor": \.rulerMinor,
                "ruler_blank": \.rulerBlank, "pointer": \.pointer, "play": \.play, "pause": \.pause, "warning": \.warning, "ellipsis": \.ellipsis,
                "digit_filled": \.digitFilled, "digit_empty": \.digitEmpty,
            ]
            guard let path = paths[key] else { throw Failure(line: line, key: name, message: "unknown glyph") }
            guard value.count == 1, let character = value.first, columnWidth(of: character) == 1 else {
                throw Failure(line: line, key: name, message: "expected one single-width character, found \"\(value)\"")
            }
            theme.glyphs[keyPath: path] = character
        default:
            guard key == "hint" else { throw Failure(line: line, key: name, message: "unknown text; expected hint") }
            theme.hint = value
        }
    }

    static func parseColor(_ text: String) -> RGB? {
        guard text.count == 7, text.first == "#", let value = UInt32(text.dropFirst(), radix: 16) else { return nil }
        return RGB(hex: value)
    }

    private static func qualified(_ table: String, _ key: String) -> String { table.isEmpty ? key : "\(table).\(key)" }

    /// Where a `#` comment starts, outside quotes.
    private static func commentStart(_ line: Substring) -> Substring.Index? {
        var quoted = false
        var i = line.startIndex
        while i < line.endIndex {
            if line[i] == "\"" { quoted.toggle() }
            if line[i] == "#", !quoted { return i }
            i = line.index(after: i)
        }
        return nil
    }
}

extension StringProtocol {
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return String(s)
    }
}
