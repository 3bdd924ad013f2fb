/// What a screen drawn in ASCII glyphs (the `console16` theme, an ASCII
/// locale) shows for the signs the views and the data put in their text:
/// the Linux console's fonts have ASCII, Latin-1's letters and the line
/// drawing and block sets, and little else.
public enum ConsoleCharacters {
    /// `character` as the console can show it: itself when it can, an ASCII
    /// sign of one column for punctuation it cannot.
    public static func shown(_ character: Character) -> Character {
        if character.isASCII { return character }
        if let replacement = replacements[character] { return replacement }
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return "?" }
        switch scalar.value {
        case 0xA0...0xFF where character.isLetter: return character
        case 0x2500...0x259F: return character
        default: return character.isLetter ? character : "?"
        }
    }

    static let replacements: [Character: Character] = [
        "▸": ">", "▶": ">", "►": ">", "◂": "<", "◀": "<", "▲": "^", "△": "^", "▼": "v", "▽": "v",
        "·": "-", "•": "*", "●": "*", "○": "o", "★": "*", "☆": "*", "◷": "@", "⚠": "!", "✓": "v", "✔": "v", "✗": "x", "×": "x",
        "–": "-", "—": "-", "−": "-", "‐": "-", "‒": "-",
        "“": "\"", "”": "\"", "„": "\"", "«": "\"", "»": "\"", "‘": "'", "’": "'", "‚": "'", "′": "'", "″": "\"",
        "…": ".", "←": "<", "→": ">", "↑": "^", "↓": "v", "↔": "-", "↕": "|",
        "┊": "|", "┆": "|", "╵": "'", "‖": "=", "\u{00A0}": " ", "\u{2007}": " ", "\u{2009}": " ", "\u{202F}": " ",
    ]
}

extension Screen {
    /// Every cell's character as the console can show it (`ConsoleCharacters`).
    public mutating func limitToConsoleCharacters() {
        for y in 0..<height {
            for x in 0..<width {
                let cell = self[x, y]
                let shown = ConsoleCharacters.shown(cell.character)
                if shown != cell.character { self[x, y] = Cell(shown, style: cell.style, isVideo: cell.isVideo, isContinuation: cell.isContinuation, inset: cell.inset) }
            }
        }
    }
}
