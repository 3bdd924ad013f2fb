import CPosix
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
///
/// On the TV output the small blocks did the same: each time a player takes
/// mpv's window over (a warm channel swapped in, the picture swapped), its
/// video output starts again with new threads (Mesa's among them), and glibc
/// gave threads new arenas up to eight per core, each left fragmented. The
/// demo on the TV output, driven with keys, the guide and the picture, grew
/// from 220 to 353 MiB over 9 000 actions against a heap of 87 MiB at its
/// peak (heaptrack; 14 arenas), and `malloc_trim` gave 84 MiB back at once.
/// With two arenas the same run levelled off near 255 MiB through 10 000.
/// The cap is for the TV output only: the terminal's frames are converted on
/// libmpv's threads, where fewer arenas could mean waits on malloc's locks
/// (the terminal soak stays near 100 MiB without it).
public enum MemoryPolicy {
    /// The fixed mmap threshold, in bytes (glibc's starting value).
    public static let mmapThreshold: Int32 = 128 * 1024
    /// The most arenas glibc's malloc makes on the TV output (the main one
    /// and one more).
    public static let arenaMax: Int32 = 2

    /// Fixes the mmap threshold, unless `MALLOC_MMAP_THRESHOLD_` is set (the
    /// user's own choice wins). Main thread, at start-up (called by
    /// `ProcessEnvironment.prepare`).
    public static func apply() {
        guard getenv("MALLOC_MMAP_THRESHOLD_") == nil else { return }
        _ = tvs_set_mmap_threshold(mmapThreshold)
    }

    /// Caps glibc at `arenaMax` arenas, unless `MALLOC_ARENA_MAX` is set.
    /// Main thread, before the first player starts (`Shell.run` on the TV
    /// output).
    public static func capArenas() {
        guard getenv("MALLOC_ARENA_MAX") == nil else { return }
        _ = tvs_set_arena_max(arenaMax)
    }
}
