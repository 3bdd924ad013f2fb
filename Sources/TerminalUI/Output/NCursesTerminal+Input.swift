import CNCurses
import CPosix
import Canvas
#if canImport(Glibc)
import Glibc
#endif

/// Keys from the terminal. Main thread.
extension NCursesTerminal {
    /// Reads one pending key, or nil when none is waiting. A control
    /// sequence ncurses does not know (a late answer to the start-up probe,
    /// a key missing from terminfo) is read whole and dropped
    /// (`ControlSequenceReader`), so it never becomes ESC and letters.
    public func readInput() -> TerminalInput? {
        while true {
            var wch: wint_t = 0
            let result = wget_wch(tvs_stdscr(), &wch)
            if result == KEY_CODE_YES { return KeyDecoder.functionKey(Int32(wch)) ?? .key("UNKNOWN") }
            guard result == OK else { return nil }
            if wch == 27 && skipControlSequence() { continue }
            return KeyDecoder.character(UInt32(wch))
        }
    }

    /// How long the rest of a started control sequence is waited for, a
    /// character (its bytes may trail its start by a network's jitter).
    static let sequenceTimeoutMs: Int32 = 100

    /// After an ESC: reads and drops the control sequence that follows, if
    /// one does (true). Otherwise the character read is put back and the ESC
    /// stands as a key (false).
    func skipControlSequence() -> Bool {
        let stdscr = tvs_stdscr()
        var wch: wint_t = 0
        let first = wget_wch(stdscr, &wch)
        if first == KEY_CODE_YES {
            ungetch(Int32(wch))
            return false
        }
        guard first == OK else { return false }
        var reader = ControlSequenceReader()
        var step = reader.feed(UInt32(wch))
        if step == .notASequence {
            unget_wch(wchar_t(wch))
            return false
        }
        wtimeout(stdscr, Self.sequenceTimeoutMs)
        defer { nodelay(stdscr, true) }
        while step == .more, wget_wch(stdscr, &wch) != ERR {
            step = reader.feed(UInt32(wch))
        }
        return true
    }
}
