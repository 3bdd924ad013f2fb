import CPosix
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// How glibc's allocator is set for a player that runs for months.
///
/// By default glibc raises its mmap threshold each time a large block is
/// freed (up to 32 MiB), after which every large block — libmpv's packets,
/// frames and demuxer buffers — comes from the per-thread arenas instead of
/// its own mapping. Each of libmpv's short-lived decoder threads then leaves
/// an arena holding 10–30 MiB that is never given back: `make soak` measured
/// 200–290 MiB of RSS, growing by tens of MiB over 20 000 actions, against a
/// heap of 44 MiB at its peak (heaptrack). With the threshold fixed at
/// 128 KiB, blocks that large are mapped and unmapped on their own and the
/// same soak stays near 100 MiB.
public enum MemoryPolicy {
    /// The fixed mmap threshold, in bytes (glibc's starting value).
    public static let mmapThreshold: Int32 = 128 * 1024

    /// Fixes the mmap threshold, unless `MALLOC_MMAP_THRESHOLD_` is set (the
    /// user's own choice wins). Main thread, at start-up (called by
    /// `ProcessEnvironment.prepare`).
    public static func apply() {
        guard getenv("MALLOC_MMAP_THRESHOLD_") == nil else { return }
        _ = tvs_set_mmap_threshold(mmapThreshold)
    }

    /// How long after a video output is set up again its old one's memory
    /// is given back (`trimSoon`), in seconds.
    public static let trimDelay = 2.0

    /// Gives the allocator's free pages back to the system `trimDelay`
    /// seconds from now, on a utility thread; a call while one is pending
    /// adds nothing, so flipping on and on trims every `trimDelay` at most.
    ///
    /// On the TV output each swap into mpv's window (a warm channel, the
    /// picture in picture) sets a GPU video output up again and lets the
    /// old one go; its threads' memory is left in malloc arenas as free
    /// pages. Flipping 2 300 times under Xvfb, the arenas held 60 MiB
    /// before a trim and 29 MiB after it. The rest of the growth is live
    /// memory of the GPU output set up again (the same flips on `vo=x11`,
    /// or on the terminal, stay flat), which no trim gives back. Capping
    /// the arenas instead (`M_ARENA_MAX`) must be done before the first
    /// thread and was once followed by a crash at start that was never
    /// explained. A trim takes 2–4 ms. Any thread.
    public static func trimSoon() {
        guard HeapTrim.shared.schedule() else { return }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + trimDelay) {
            HeapTrim.shared.done()
            _ = tvs_trim_heap()
        }
    }
}

/// Whether a trim is pending (`MemoryPolicy.trimSoon`). Any thread.
final class HeapTrim: @unchecked Sendable {
    static let shared = HeapTrim()
    private let lock = PThreadMutex()
    private var pending = false

    /// True when no trim was pending (the caller schedules one).
    func schedule() -> Bool {
        lock.withLock {
            defer { pending = true }
            return !pending
        }
    }

    func done() {
        lock.withLock { pending = false }
    }
}
