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
}
