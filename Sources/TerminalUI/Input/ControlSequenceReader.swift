/// Reads what follows an ESC that ncurses did not decode as a key, to tell a
/// control sequence (a terminal's late answer to the start-up probe: DA1,
/// XTVERSION, the kitty graphics reply, a window size; or a key sequence the
/// terminfo entry does not know) from the ESC key itself.
///
/// A sequence is read whole and dropped, so its characters never reach the
/// key map (where ESC means "back"). Shapes (ECMA-48): CSI (`ESC [`,
/// parameters, one final byte), SS3 (`ESC O` and one character), and the
/// strings DCS, OSC, APC and PM (`ESC P`, `ESC ]`, `ESC _`, `ESC ^`, up to ST
/// `ESC \`, or BEL for OSC).
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
        case start, csi, ss3, string, stringEscape
    }

    private var phase = Phase.start
    private var isOSC = false

    public init() {}

    /// Feeds the next character after the ESC (a Unicode scalar value).
    public mutating func feed(_ c: UInt32) -> Step {
        switch phase {
        case .start:
            switch c {
            case 0x5B: phase = .csi
            case 0x4F: phase = .ss3
            case 0x50, 0x5F, 0x5E: phase = .string
            case 0x5D:
                phase = .string
                isOSC = true
            default: return .notASequence
            }
            return .more
        case .csi:
            return (0x40...0x7E).contains(c) ? .done : .more
        case .ss3:
            return .done
        case .string:
            if c == 0x1B { phase = .stringEscape }
            return isOSC && c == 0x07 ? .done : .more
        case .stringEscape:
            if c == 0x5C { return .done }
            phase = c == 0x1B ? .stringEscape : .string
            return .more
        }
    }
}
