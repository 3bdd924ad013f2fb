import CNCurses

/// What reading the keyboard produced.
public enum TerminalInput: Equatable, Sendable {
    /// A key, by mpv's name ("LEFT", "ENTER", "q" …).
    case key(String)
    /// ncurses noticed a size change.
    case resize
}

/// Maps ncurses' `wget_wch` results to mpv key names. Pure.
public enum KeyDecoder {
    /// Decodes a function key (`wget_wch` returned `KEY_CODE_YES`).
    public static func functionKey(_ code: Int32) -> TerminalInput? {
        switch code {
        case KEY_UP: return .key("UP")
        case KEY_DOWN: return .key("DOWN")
        case KEY_LEFT: return .key("LEFT")
        case KEY_RIGHT: return .key("RIGHT")
        case KEY_ENTER: return .key("ENTER")
        case KEY_BACKSPACE: return .key("BS")
        case KEY_PPAGE: return .key("PGUP")
        case KEY_NPAGE: return .key("PGDWN")
        case KEY_HOME: return .key("HOME")
        case KEY_END: return .key("END")
        case KEY_DC: return .key("DEL")
        case KEY_IC: return .key("INS")
        case KEY_RESIZE: return .resize
        default:
            if code >= KEY_F0 && code <= KEY_F0 + 24 { return .key("F\(code - KEY_F0)") }
            return nil
        }
    }

    /// Decodes a character (`wget_wch` returned `OK`).
    public static func character(_ value: UInt32) -> TerminalInput? {
        switch value {
        case 10, 13: return .key("ENTER")
        case 27: return .key("ESC")
        case 8, 127: return .key("BS")
        case 9: return .key("TAB")
        case 32: return .key("SPACE")
        case 0..<32: return .key("Ctrl+" + String(UnicodeScalar(UInt8(value + 96))))
        default:
            guard let scalar = UnicodeScalar(value) else { return nil }
            return .key(String(Character(scalar)))
        }
    }
}
