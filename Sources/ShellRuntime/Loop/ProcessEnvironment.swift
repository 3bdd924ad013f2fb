#if canImport(Glibc)
import Glibc
#endif

/// Process-wide set-up that ncursesw and libmpv need, in the order that works.
public enum ProcessEnvironment {
    /// `setlocale(LC_ALL, "")`; `LC_CTYPE` to C.UTF-8 when the codeset is not
    /// UTF-8 (else ncursesw draws garbage for box and block characters); then
    /// `LC_NUMERIC` "C" (or `mpv_create` fails). Returns whether the locale
    /// is UTF-8. Also sets the allocator's policy (`MemoryPolicy`). Main
    /// thread, once, before any other thread exists.
    @discardableResult
    public static func prepare() -> Bool {
        MemoryPolicy.apply()
        setlocale(LC_ALL, "")
        var utf8 = isUTF8()
        if !utf8, setlocale(LC_CTYPE, "C.UTF-8") != nil {
            utf8 = isUTF8()
        }
        setlocale(LC_NUMERIC, "C")
        return utf8
    }

    private static func isUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
