/// Text from outside (a lineup's channel names, a file's title, a guide's
/// programmes, a line quoted in a message) made safe to write to a
/// terminal or a log: its control characters, which a terminal would obey
/// (an escape sequence that sets the window's title, writes the clipboard
/// or redraws the screen), are shown as `cat -v` shows them. Pure; any
/// thread.
public enum TerminalText {
    /// `text` with each control character but line feed and tab written
    /// visibly: C0 and DEL in caret notation (ESC as `^[`, BEL as `^G`),
    /// C1 (U+0080…U+009F, which some terminals take as ESC and a letter) as
    /// U+FFFD. Text without any is returned as it is.
    public static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsShowing) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09:
                shown.append(scalar)
            case 0x00...0x1F:
                shown.append("^")
                shown.append(Unicode.Scalar(UInt8(scalar.value + 0x40)))
            case 0x7F:
                shown.append(contentsOf: "^?".unicodeScalars)
            case 0x80...0x9F:
                shown.append("\u{FFFD}")
            default:
                shown.append(scalar)
            }
        }
        return String(shown)
    }

    private static func needsShowing(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x0A && v != 0x09) || (0x7F...0x9F).contains(v)
    }
}
