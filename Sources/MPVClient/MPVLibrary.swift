import CMPV

/// libmpv itself: loaded on first use (the first `MPVHandle`), not at
/// process start, so commands that never play do not pay for it.
public enum MPVLibrary {
    /// Starts loading libmpv on a thread of its own and returns at once: a
    /// program that will play calls it first thing, so the ~110 ms of loading
    /// overlap its start-up. Any thread; idempotent. While it loads, no
    /// thread of the process can start (glibc holds its loader's locks
    /// through `dlopen`, and a new thread needs them): start threads that
    /// the start-up needs before this.
    public static func preload() { tvs_mpv_preload() }

    /// Loads libmpv (waiting for a preload under way); why it cannot be,
    /// or nil when it is there. Any thread.
    public static func loadFailure() -> String? {
        guard tvs_mpv_load() != 0 else { return nil }
        return tvs_mpv_load_error().map { String(cString: $0) } ?? "libmpv cannot be loaded"
    }
}
