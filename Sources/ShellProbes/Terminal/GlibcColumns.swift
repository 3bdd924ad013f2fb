#if canImport(Glibc)
import Glibc
#endif

/// The columns glibc's `wcwidth` gives a scalar in C.UTF-8 — the ones
/// ncursesw counts the cursor with and tmux draws by — for tests that hold
/// the canvas's widths and a terminal's screen against them. Any thread
/// (the locale is set on the calling thread only, for the call).
public enum GlibcColumns {
    /// Runs `body` with a function giving each scalar's width (-1: not
    /// printable); nil when C.UTF-8 or `wcwidth` cannot be had.
    public static func withWidths<T>(_ body: ((UInt32) -> Int32) throws -> T) rethrows -> T? {
        // Swift's Glibc module leaves wcwidth out (it is X/Open's): looked up.
        typealias WCWidth = @convention(c) (wchar_t) -> Int32
        guard let utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) else { return nil }
        defer { freelocale(utf8) }
        guard let symbol = dlsym(nil, "wcwidth") else { return nil }
        let wcwidth = unsafeBitCast(symbol, to: WCWidth.self)
        let previous = uselocale(utf8)
        defer { uselocale(previous) }
        return try body { wcwidth(wchar_t(bitPattern: $0)) }
    }

    /// The columns `text` takes (scalars that are not printable count 0).
    public static func of(_ text: Substring) -> Int? {
        withWidths { width in text.unicodeScalars.reduce(0) { $0 + Int(max(0, width($1.value))) } }
    }
}
