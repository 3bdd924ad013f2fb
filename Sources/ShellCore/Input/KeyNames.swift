/// The key names a binding may use: what the terminal sends (a character,
/// `ENTER`, `ESC`, `BS`, `TAB`, `SPACE`, the arrows, `PGUP`, `PGDWN`, `HOME`,
/// `END`, `INS`, `DEL`, `F0`–`F24`, `Ctrl+` a letter), the keypad's digits
/// `KP0`–`KP9` (mpv's window names them so), and the media keys
/// the automation socket's `keypress` may name (`PLAY`, `PAUSE`, `MENU` …).
/// Mouse buttons, the wheel and Alt+ keys never reach the shell. Pure.
public enum KeyNames {
    static let named: Set<String> = {
        var names: Set<String> = [
            "ENTER", "KP_ENTER", "ESC", "BS", "TAB", "SPACE", "UP", "DOWN", "LEFT", "RIGHT", "PGUP", "PGDWN", "HOME", "END", "INS", "DEL",
            "PLAY", "PAUSE", "PLAYPAUSE", "MENU", "INFO", "GUIDE", "CHANNEL_UP", "CHANNEL_DOWN", "VOLUME_UP", "VOLUME_DOWN", "MUTE",
        ]
        for n in 0...24 { names.insert("F\(n)") }
        for d in 0...9 { names.insert("KP\(d)") }
        for letter in "abcdefghijklmnopqrstuvwxyz" { names.insert("Ctrl+\(letter)") }
        return names
    }()

    /// Whether a key called `name` can ever come (names of more than one
    /// character are matched upper-cased, as `KeyMap.command(for:)` does).
    public static func isKnown(_ name: String) -> Bool {
        if name.count == 1 { return true }
        return named.contains(name) || named.contains(name.uppercased()) || name.hasPrefix("Ctrl+") && named.contains("Ctrl+" + name.dropFirst(5).lowercased())
    }
}
