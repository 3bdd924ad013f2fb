import CNCurses
import CPosix
import Canvas
#if canImport(Glibc)
import Glibc
#endif

/// Keys from the terminal. Main thread.
extension NCursesTerminal {
    /// Reads one pending key, or nil when none is waiting. A control
    /// sequence ncurses does not know is read whole
    /// (`ControlSequenceReader`), so it never becomes ESC and letters: a
    /// key's that terminfo lacks (the keypad's digits in application mode)
    /// is that key, anything else (a late answer to the start-up probe) is
    /// dropped.
    public func readInput() -> TerminalInput? {
        while true {
            var wch: wint_t = 0
            let result = wget_wch(tvs_stdscr(), &wch)
            if result == KEY_CODE_YES { return KeyDecoder.functionKey(Int32(wch)) ?? .key("UNKNOWN") }
            guard result == OK else { return nil }
            if wch == 27 {
                switch readControlSequence() {
                case .escape: break
                case .dropped: continue
                case .key(let name): return .key(name)
                }
            }
            return KeyDecoder.character(UInt32(wch))
        }
    }

    /// What followed an ESC.
    enum AfterEscape {
        /// Nothing that starts a sequence: the ESC is a key.
        case escape
        /// A sequence that is no key, read and dropped.
        case dropped
        /// A key's sequence that terminfo did not decode.
        case key(String)
    }

    /// How long the rest of a started control sequence is waited for, a
    /// character (its bytes may trail its start by a network's jitter).
    static let sequenceTimeoutMs: Int32 = 100

    /// After an ESC: reads the control sequence that follows, if one does.
    /// Otherwise the character read is put back and the ESC stands as a key.
    func readControlSequence() -> AfterEscape {
        let stdscr = tvs_stdscr()
        var wch: wint_t = 0
        let first = wget_wch(stdscr, &wch)
        if first == KEY_CODE_YES {
            ungetch(Int32(wch))
            return .escape
        }
        guard first == OK else { return .escape }
        var reader = ControlSequenceReader()
        var step = reader.feed(UInt32(wch))
        if step == .notASequence {
            unget_wch(wchar_t(wch))
            return .escape
        }
        wtimeout(stdscr, Self.sequenceTimeoutMs)
        defer { nodelay(stdscr, true) }
        while step == .more, wget_wch(stdscr, &wch) != ERR {
            step = reader.feed(UInt32(wch))
        }
        return reader.key.map { .key($0) } ?? .dropped
    }
}
