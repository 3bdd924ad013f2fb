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

    /// The most arenas glibc's malloc makes on the TV output (the main one
    /// and one more).
    public static let arenaMax: Int32 = 2

    /// Caps glibc at `arenaMax` arenas, unless `MALLOC_ARENA_MAX` is set.
    /// Main thread, before the first player starts (`Shell.run` on the TV
    /// output).
    ///
    /// Each swap into mpv's window (a warm channel, the picture in picture)
    /// sets a GPU video output up again, with new threads (Mesa's among
    /// them); glibc gives threads arenas of their own, up to eight per
    /// core, each left fragmented. The demo on the TV output, driven with
    /// keys, the guide and the picture, grew from 220 to 353 MiB over
    /// 9 000 actions (a heap of 87 MiB at its peak, heaptrack; 14 arenas);
    /// with two arenas it levelled off near 255 MiB. For the TV output
    /// only: the terminal's frames are converted on libmpv's threads, where
    /// fewer arenas could mean waits on malloc's locks (its soak stays flat
    /// without the cap).
    public static func capArenas() {
        guard getenv("MALLOC_ARENA_MAX") == nil else { return }
        _ = tvs_set_arena_max(arenaMax)
    }

    /// How long after a video output is set up again its old one's memory
    /// is given back (`trimSoon`), in seconds.
    public static let trimDelay = 2.0

    /// Gives the allocator's free pages back to the system `trimDelay`
    /// seconds from now, on a utility thread; a call while one is pending
    /// adds nothing, so flipping on and on trims every `trimDelay` at most.
    ///
    /// On the TV output each swap into mpv's window lets a GPU video
    /// output go, whose threads leave free pages in the arenas, capped
    /// (`capArenas`) or not. Flipping 2 300 times under Xvfb without the
    /// cap, the arenas held 60 MiB before a trim and 29 MiB after it. What
    /// grows beyond is live memory of the GPU output set up again (the
    /// same flips on `vo=x11`, or on the terminal, stay flat). A trim
    /// takes 2–4 ms. Any thread.
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
