/// mpv's log lines as the log keeps them: a line mpv says again and again
/// (a decoder joining a broadcast between key frames says "non-existing
/// PPS 0 referenced" for each frame until the next one; a damaged
/// recording, for each damaged frame) is written the first time, then at
/// most once every `window` seconds, saying how many times it came in
/// between — a box zapping multicast channels all evening would otherwise
/// write hundreds of lines a zap. Pure (the time is given); owned by one
/// `MPVPlayer`, its thread only, which starts a new one at each load (a
/// load's lines are written once at least, whatever the one before said).
struct LogRepeats {
    /// Seconds in which a line is written once.
    let window: Double
    /// Lines told apart at most (a line that names a changing number is a
    /// new line each time): the oldest are forgotten past it.
    let remembered: Int
    private var lines: [String: (written: Double, held: Int)] = [:]

    init(window: Double = 10, remembered: Int = 64) {
        self.window = window
        self.remembered = remembered
    }

    /// Whether `line` is written now (nil: held back, counted) and, if so,
    /// how many times it came since it was last written.
    mutating func admit(_ line: String, at now: Double) -> Int? {
        if let seen = lines[line], now - seen.written < window {
            lines[line] = (seen.written, seen.held + 1)
            return nil
        }
        let held = lines[line]?.held ?? 0
        if lines[line] == nil, lines.count >= remembered {
            lines = lines.filter { now - $0.value.written < window }
            if lines.count >= remembered { lines.removeAll() }
        }
        lines[line] = (now, 0)
        return held
    }

    /// `line` as written, with the times it was held back since it was last written.
    static func written(_ line: String, held: Int) -> String {
        held == 0 ? line : "\(line) (\(held) more like it since)"
    }
}
