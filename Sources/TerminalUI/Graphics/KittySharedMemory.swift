import CPosix
#if canImport(Glibc)
import Glibc
#endif

/// Frames for a kitty terminal on this machine, handed over in POSIX shared
/// memory (`t=s`) instead of as base64 in the escape: the terminal maps the
/// object, reads it and unlinks it. The start-up probe asks whether the
/// terminal can (over SSH it cannot: the object is on the other machine).
///
/// Objects are named `/tvshell-PID-N`, N cycling through four, so one the
/// terminal never read is replaced four frames later; `removeAll` (at exit)
/// and the crash guard leave none behind.
///
/// Not thread-safe; owned by the render loop.
public final class KittySharedMemory {
    static let ring = 4
    let names: [String]
    private var next = 0

    public init(pid: pid_t = getpid()) {
        names = (0..<Self.ring).map { "/tvshell-\(pid)-\($0)" }
        for name in names { tvs_guard_unlink_on_crash("/dev/shm" + name) }
    }

    /// A new object of `count` bytes, filled by `fill`; its name, or nil
    /// when shared memory is unavailable.
    func write(count: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) -> String? {
        let name = names[next]
        next = (next + 1) % Self.ring
        shm_unlink(name)
        let fd = shm_open(name, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // Allocated up front, not just sized: a full /dev/shm then fails
        // here instead of raising SIGBUS at the first write to the mapping.
        guard posix_fallocate(fd, 0, off_t(count)) == 0, let map = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
              map != UnsafeMutableRawPointer(bitPattern: -1) else {
            shm_unlink(name)
            return nil
        }
        fill(map.assumingMemoryBound(to: UInt8.self))
        munmap(map, count)
        return name
    }

    /// Unlinks every object the terminal has not taken.
    public func removeAll() {
        for name in names { shm_unlink(name) }
    }

    /// The name of a three-byte object for the start-up query (the terminal
    /// unlinks it when it reads it; `removeProbeObject` otherwise), or nil.
    public static func makeProbeObject(pid: pid_t = getpid()) -> String? {
        let name = "/tvshell-\(pid)-probe"
        shm_unlink(name)
        let fd = shm_open(name, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard ftruncate(fd, 3) == 0 else {
            shm_unlink(name)
            return nil
        }
        return name
    }

    /// Unlinks the probe's object, if the terminal did not.
    public static func removeProbeObject(_ name: String) {
        shm_unlink(name)
    }
}
