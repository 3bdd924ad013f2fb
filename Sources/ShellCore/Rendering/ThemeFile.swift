import ConfigFormat

/// Reads a theme from TOML text: `name`, a `[colors]` table of "#RRGGBB"
/// strings, a `[glyphs]` table of one-character strings, and `[text]` with
/// `hint`. Keys not given keep the base theme's values. Read with
/// `TOMLDocument` (tvshell's TOML subset); anything else is an error naming
/// the line and key. Pure.
public enum ThemeFile {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let key: String?
        public let message: String
        public var description: String { "line \(line)\(key.map { ", key \($0)" } ?? ""): \(message)" }
    }

    public static func parse(_ text: String, base: Theme = .dark) throws(Failure) -> Theme {
        let document: TOMLDocument
        do {
            document = try TOMLDocument.parse(text)
        } catch {
            throw Failure(line: error.line, key: error.key, message: error.message)
        }
        for table in document.tables where !["colors", "glyphs", "text"].contains(table.name) {
            throw Failure(line: table.line, key: nil, message: "unknown table [\(table.name)]; expected [colors], [glyphs] or [text]")
        }
        var theme = base
        for entry in document.entries {
            guard let value = entry.value.string else {
                throw Failure(line: entry.line, key: entry.path, message: "expected a quoted string, found \(entry.value)")
            }
            try apply(&theme, table: entry.table, key: entry.key, value: value, line: entry.line)
        }
        if theme.glyphs.isASCII {
            if theme.glyphs.favourite == Theme.Glyphs.unicode.favourite { theme.glyphs.favourite = Theme.Glyphs.ascii.favourite }
            if theme.glyphs.reminder == Theme.Glyphs.unicode.reminder { theme.glyphs.reminder = Theme.Glyphs.ascii.reminder }
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
                "live_badge": \.liveBadge, "interstitial": \.interstitial, "error": \.error, "selection_background": \.selectionBackground, "selection_text": \.selectionText,
            ]
            guard let path = paths[key] else { throw Failure(line: line, key: name, message: "unknown colour") }
            theme[keyPath: path] = color
        case "glyphs":
            let paths: [String: WritableKeyPath<Theme.Glyphs, Character>] = [
                "fill": \.fill, "track": \.track, "head": \.head, "ruler_major": \.rulerMajor, "ruler_minor": \.rulerMinor,
                "ruler_blank": \.rulerBlank, "pointer": \.pointer, "play": \.play, "pause": \.pause, "warning": \.warning, "ellipsis": \.ellipsis,
                "digit_filled": \.digitFilled, "digit_empty": \.digitEmpty, "favourite": \.favourite, "reminder": \.reminder,
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
}
