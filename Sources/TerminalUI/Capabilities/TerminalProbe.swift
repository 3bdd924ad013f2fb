#if canImport(Glibc)
import Glibc
#endif

/// Asks the terminal what it can draw: the kitty graphics query (and, with
/// an object in shared memory to read, whether frames can go that way),
/// XTVERSION, the cell size in pixels, then DA1. Terminals answer in order and every
/// one answers DA1, so its answer means the others are in (or never coming);
/// a terminal that answers nothing costs the timeout, once, at start.
///
/// Main thread, before curses starts (it owns the terminal's modes after).
public enum TerminalProbe {
    static let kittyQueryID = 31
    static let kittySharedMemoryQueryID = 32

    /// The queries for a terminal of type `term`, in order. The Linux
    /// console (`linux`) gets DA1 alone: it has no graphics and would print
    /// the others' bytes; a `dumb` terminal gets nothing. `sharedMemory`
    /// names a three-byte object (`KittySharedMemory.makeProbeObject`) for
    /// a kitty terminal to read. Inside tmux (`insideTmux`) the kitty
    /// queries are left out: tmux takes an APC string as the window's
    /// title, and kitty graphics are not used through it anyway.
    public static func queries(term: String?, sharedMemory: String? = nil, insideTmux: Bool = false) -> [UInt8] {
        let term = term ?? ""
        if term == "dumb" { return [] }
        let da1 = "\u{1B}[c"
        if term == "linux" || term.hasPrefix("linux-") { return Array(da1.utf8) }
        if insideTmux { return Array("\u{1B}[>0q\u{1B}[16t\(da1)".utf8) }
        let shared = sharedMemory.map {
            "\u{1B}_Gi=\(kittySharedMemoryQueryID),s=1,v=1,a=q,t=s,f=24;\(KittyImageEncoder.base64(Array($0.utf8)))\u{1B}\\"
        } ?? ""
        return Array("\u{1B}_Gi=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\(shared)\u{1B}[>0q\u{1B}[16t\(da1)".utf8)
    }

    /// Sends the queries on `output` and collects the answers from `input`
    /// (a terminal), with echo and line buffering off meanwhile; nil when
    /// `input` is not a terminal or nothing is to be asked. An answer begun
    /// by the timeout is read to its end (up to `timeout` more): its rest
    /// would otherwise reach curses as keys (XTVERSION's "tmux 3.3a" has a
    /// SPACE, which pauses).
    public static func run(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, term: String?, sharedMemory: String? = nil,
                           insideTmux: Bool = false, timeout: Double = 0.3) -> [UInt8]? {
        let query = queries(term: term, sharedMemory: sharedMemory, insideTmux: insideTmux)
        guard !query.isEmpty, isatty(input) == 1, isatty(output) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutablePointer(to: &raw.c_cc) { cc in
            cc.withMemoryRebound(to: cc_t.self, capacity: Int(NCCS)) { $0[Int(VMIN)] = 0; $0[Int(VTIME)] = 0 }
        }
        tcsetattr(input, TCSANOW, &raw)
        defer { tcsetattr(input, TCSANOW, &saved) }
        _ = query.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
        var answers: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = now() + timeout
        let grace = deadline + timeout
        while now() < deadline || (now() < grace && Self.endsInsideSequence(answers)) {
            var entry = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(1, (max(deadline, Self.endsInsideSequence(answers) ? grace : deadline) - now()) * 1000))
            guard poll(&entry, 1, left) > 0 else { continue }
            let n = read(input, &buffer, buffer.count)
            guard n > 0 else { break }
            answers += buffer[0..<n]
            if TerminalReply.split(answers).contains(where: { if case .deviceAttributes = $0 { true } else { false } }) { break }
        }
        return answers
    }

    /// Whether `bytes` end inside a control sequence (one that began with
    /// ESC and has not ended yet). Pure.
    static func endsInsideSequence(_ bytes: [UInt8]) -> Bool {
        var reader: ControlSequenceReader?
        for byte in bytes {
            if var current = reader {
                let step = current.feed(UInt32(byte))
                reader = step == .more ? current : nil
            } else if byte == 0x1B {
                reader = ControlSequenceReader()
            }
        }
        return reader != nil
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
