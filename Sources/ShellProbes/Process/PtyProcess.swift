import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program running on a pseudo-terminal of a given size, its output drained
/// by a background thread that counts bytes and timestamps them, so a caller
/// can measure "key written → screen updated" and bytes per frame.
public final class PtyProcess: @unchecked Sendable {
    public let pid: pid_t
    private let master: Int32
    private let lock = NSLock()
    private var totalBytes = 0
    private var lastReadAt = 0.0
    private var markAt: Double?
    private var firstReadAfterMark: Double?
    private var running = true
    /// The status `stop` returned.
    private var exitStatus: Int32?

    /// Read at most this many bytes a second, like a slow terminal or link.
    private let throttle: Int?
    /// Plays the terminal's side of queries: given each piece of output as
    /// it is read, the bytes to answer (typed back at once), or nil.
    private let answer: (@Sendable ([UInt8]) -> [UInt8]?)?
    /// Keep everything read, for `output`.
    private let recording: Bool
    private var recorded: [UInt8] = []

    /// Starts `arguments` with the pty as its stdin, stdout and stderr. With
    /// `throttle`, output is read no faster than that many bytes a second;
    /// with `recording`, it is kept; `answer` answers the program's queries
    /// like a terminal would.
    public init(_ arguments: [String], columns: Int, rows: Int, environment: [String: String], throttle: Int? = nil,
                recording: Bool = false, pixels: (width: Int, height: Int) = (0, 0),
                answer: (@Sendable ([UInt8]) -> [UInt8]?)? = nil) throws {
        self.throttle = throttle
        self.answer = answer
        self.recording = recording
        var m: Int32 = 0, s: Int32 = 0
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(pixels.width), ws_ypixel: UInt16(pixels.height))
        guard openpty(&m, &s, nil, nil, &size) == 0 else { throw SpawnError(message: "openpty failed") }
        master = m
        defer { close(s) }
        pid = try Spawn.spawn(arguments, environment: environment, newSession: true) { actions in
            for fd in 0...2 { posix_spawn_file_actions_adddup2(&actions, s, Int32(fd)) }
            posix_spawn_file_actions_addclose(&actions, m)
        }
        Thread.detachNewThread { [self] in drain() }
    }

    deinit { close(master) }

    /// Writes bytes as if typed.
    public func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Starts a measurement: the next read after now is recorded.
    public func mark() -> Double {
        lock.lock()
        defer { lock.unlock() }
        let now = Self.now()
        markAt = now
        firstReadAfterMark = nil
        return now
    }

    /// Seconds from the last `mark()` to the first output after it, waiting
    /// up to `timeout`.
    public func waitForOutputAfterMark(timeout: Double) -> Double? {
        let deadline = Self.now() + timeout
        while Self.now() < deadline {
            lock.lock()
            let first = firstReadAfterMark, start = markAt
            lock.unlock()
            if let first, let start { return first - start }
            usleep(200)
        }
        return nil
    }

    /// Waits until no output has come for `quiet` seconds (at most `timeout`).
    public func waitForQuiet(_ quiet: Double, timeout: Double = 5) {
        let deadline = Self.now() + timeout
        while Self.now() < deadline {
            lock.lock()
            let last = lastReadAt
            lock.unlock()
            if Self.now() - last >= quiet { return }
            usleep(2000)
        }
    }

    /// Everything read so far (with `recording`).
    public var output: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// What was read from byte `offset` on (with `recording`): for a caller
    /// that looks at a long recording again and again, a copy of what is new
    /// rather than of all of it (the copy holds the reader's lock).
    public func output(from offset: Int) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return offset < recorded.count ? Array(recorded[max(0, offset)...]) : []
    }

    /// Waits up to `timeout` seconds until what was read from byte `offset`
    /// on (with `recording`) holds `text`; returns where it starts, or nil.
    /// Each look copies only what came since the last one.
    public func waitForOutput(containing text: String, from offset: Int = 0, timeout: Double) -> Int? {
        let needle = Array(text.utf8)
        let deadline = Self.now() + timeout
        var scanned = offset
        while true {
            let from = max(offset, scanned - needle.count + 1)
            let new = output(from: from)
            if let found = new.firstRange(of: needle) { return from + found.lowerBound }
            scanned = from + new.count
            if Self.now() >= deadline { return nil }
            usleep(50_000)
        }
    }

    /// When output was last read (monotonic seconds).
    public var lastReadTime: Double {
        lock.lock()
        defer { lock.unlock() }
        return lastReadAt
    }

    /// Bytes read so far.
    public var bytesRead: Int {
        lock.lock()
        defer { lock.unlock() }
        return totalBytes
    }

    /// Sends `signal` and waits for the process; then ends whatever it left
    /// in its session (its process group), and waits for that to be gone
    /// (at most 5 s): after a crash with
    /// `SWIFT_BACKTRACE=interactive=no`, Swift's backtracer, which otherwise
    /// stays blocked for ever once the program is gone.
    /// A second call returns the first one's status and signals nothing
    /// (the process id may belong to another process by then).
    public func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        lock.lock()
        if let exitStatus {
            lock.unlock()
            return exitStatus
        }
        lock.unlock()
        kill(pid, signal)
        let status = Spawn.wait(pid)
        kill(-pid, SIGKILL)
        ProcessGroup.waitUntilEmpty(pid)
        lock.lock()
        running = false
        exitStatus = status
        lock.unlock()
        return status
    }

    /// Monotonic seconds.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: throttle == nil ? 1 << 16 : 4096)
        let start = Self.now()
        var throttled = 0
        while true {
            if let throttle {
                let due = start + Double(throttled) / Double(throttle)
                let wait = due - Self.now()
                if wait > 0 { usleep(useconds_t(wait * 1e6)) }
            }
            lock.lock()
            let stillRunning = running
            lock.unlock()
            if !stillRunning { return }
            var p = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) > 0 else { continue }
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { return }
            throttled += n
            let now = Self.now()
            lock.lock()
            if recording { recorded += buffer[0..<n] }
            lock.unlock()
            if let answer, let reply = answer(Array(buffer[0..<n])) { type(reply) }
            lock.lock()
            totalBytes += n
            lastReadAt = now
            if markAt != nil && firstReadAfterMark == nil { firstReadAfterMark = now }
            lock.unlock()
        }
    }
}
