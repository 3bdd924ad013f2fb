/// Reads what follows an ESC that ncurses did not decode as a key, to tell a
/// control sequence (a terminal's late answer to the start-up probe: DA1,
/// XTVERSION, the kitty graphics reply, a window size; or a key sequence the
/// terminfo entry does not know) from the ESC key itself.
///
/// A sequence is read whole, so its characters never reach the key map
/// (where ESC means "back"). One that is a key terminfo entries often lack
/// is told by `key`: the numeric keypad in application mode (PuTTY, tmux
/// and xterm send `ESC O p`–`ESC O y` for its digits once the shell turns
/// keypad mode on), and the cursor and editing keys when the terminal's
/// mode or `TERM` is not the one its entry describes. Everything else is
/// dropped. Shapes (ECMA-48): CSI (`ESC [`, parameters, one final byte),
/// SS3 (`ESC O` and one character), and the strings DCS, OSC, APC and PM
/// (`ESC P`, `ESC ]`, `ESC _`, `ESC ^`, up to ST `ESC \`, or BEL for OSC).
///
/// A value type fed one character at a time; pure.
public struct ControlSequenceReader {
    public enum Step: Equatable {
        /// The sequence goes on: feed the next character.
        case more
        /// The sequence is complete.
        case done
        /// The first character after ESC starts no sequence: ESC was a key
        /// and this character is the next input.
        case notASequence
    }

    private enum Phase {
        case start, csi, ss3, string, stringEscape, complete
    }

    private var phase = Phase.start
    private var isOSC = false
    private var isCSI = false
    /// A CSI's first parameter and intermediate characters: up to one more
    /// than a key's longest ("24"), so a longer text is never taken for one.
    private var parameters = ""
    private var final: UInt32?

    public init() {}

    /// Feeds the next character after the ESC (a Unicode scalar value).
    public mutating func feed(_ c: UInt32) -> Step {
        switch phase {
        case .start:
            switch c {
            case 0x5B:
                phase = .csi
                isCSI = true
            case 0x4F: phase = .ss3
            case 0x50, 0x5F, 0x5E: phase = .string
            case 0x5D:
                phase = .string
                isOSC = true
            default: return .notASequence
            }
            return .more
        case .csi:
            guard (0x40...0x7E).contains(c) else {
                if parameters.unicodeScalars.count < 3, let scalar = Unicode.Scalar(c) { parameters.unicodeScalars.append(scalar) }
                return .more
            }
            final = c
            phase = .complete
            return .done
        case .ss3:
            final = c
            phase = .complete
            return .done
        case .string:
            if c == 0x1B { phase = .stringEscape }
            return isOSC && c == 0x07 ? .done : .more
        case .stringEscape:
            if c == 0x5C { return .done }
            phase = c == 0x1B ? .stringEscape : .string
            return .more
        case .complete:
            return .done
        }
    }

    /// The key the complete sequence stands for, by mpv's name ("KP4",
    /// "KP_ENTER", "UP", "PGDWN", "F5"), or nil: not complete, not a key's,
    /// or a key with modifiers (dropped, as before).
    public var key: String? {
        guard phase == .complete, let final, let scalar = Unicode.Scalar(final) else { return nil }
        let letter = Character(scalar)
        if !isCSI { return Self.ss3Keys[letter] }
        if parameters.isEmpty { return Self.cursorKeys[letter] }
        guard letter == "~", let number = Int(parameters) else { return nil }
        return Self.tildeKeys[number]
    }

    /// `ESC O` and a letter: the keypad in application mode, and the cursor
    /// and first function keys in application cursor mode.
    private static let ss3Keys: [Character: String] = {
        var keys: [Character: String] = ["M": "KP_ENTER", "k": "+", "m": "-", "j": "*", "o": "/", "n": ".", "l": ","]
        for (digit, letter) in "pqrstuvwxy".enumerated() { keys[letter] = "KP\(digit)" }
        for (letter, name) in cursorKeys { keys[letter] = name }
        for (letter, name) in zip("PQRS", ["F1", "F2", "F3", "F4"]) { keys[letter] = name }
        return keys
    }()

    /// `ESC [` and a letter: the cursor keys in normal mode.
    private static let cursorKeys: [Character: String] = ["A": "UP", "B": "DOWN", "C": "RIGHT", "D": "LEFT", "H": "HOME", "F": "END"]

    /// `ESC [`, a number and `~`: the editing and function keys (VT220).
    private static let tildeKeys: [Int: String] = [
        1: "HOME", 2: "INS", 3: "DEL", 4: "END", 5: "PGUP", 6: "PGDWN", 7: "HOME", 8: "END",
        11: "F1", 12: "F2", 13: "F3", 14: "F4", 15: "F5", 17: "F6", 18: "F7", 19: "F8", 20: "F9", 21: "F10", 23: "F11", 24: "F12",
    ]
}
