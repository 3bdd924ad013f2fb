#if canImport(Glibc)
import Glibc
#endif

/// Sends video frames to the terminal without blocking the run loop and
/// without queueing them: while the terminal (or the SSH link behind it) has
/// not taken a frame, the next ones are dropped, so the picture is never more
/// than one frame behind, keys stay responsive and libmpv's clock (and so
/// audio) runs on undisturbed.
///
/// It writes through its own open file description of standard output
/// (`/proc/self/fd/1`), non-blocking, so ncurses' descriptor keeps its
/// blocking writes. The UI's bytes must not land inside a frame: call
/// `finish()` before ncurses writes.
///
/// Main thread only.
public final class FrameWriter {
    /// The descriptor to poll for `POLLOUT` while `isBusy`.
    public let fd: Int32
    private let ownsDescriptor: Bool
    private var pending: [UInt8] = []
    private var offset = 0
    /// Frames sent whole or in part, and frames refused while busy.
    public private(set) var framesSent = 0
    public private(set) var framesDropped = 0
    /// The longest the last frame sent waited at a stretch for the terminal
    /// to take any of it (seconds; 0 when it went at once). A terminal that
    /// stopped reading shows here; a slow link that takes a little at a time
    /// does not, however long its frames take in all. Kept until the next
    /// frame is sent.
    public private(set) var longestWait = 0.0
    /// When the terminal last took bytes of the unfinished frame.
    private var lastProgress = 0.0
    private let clock: () -> Double

    /// Opens a non-blocking description of `path` (standard output by
    /// default); when that fails, writes block on `fallback`. `clock`:
    /// seconds, monotonic (tests give their own).
    public init(path: String = "/proc/self/fd/1", fallback: Int32 = STDOUT_FILENO, clock: @escaping () -> Double = FrameWriter.monotonicNow) {
        let opened = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        fd = opened >= 0 ? opened : fallback
        ownsDescriptor = opened >= 0
        self.clock = clock
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    /// Whether part of the last frame still waits for the terminal.
    public var isBusy: Bool { offset < pending.count }

    /// Sends a frame: as much as the terminal takes now, the rest when it is
    /// writable again (`resume()`). Returns false, sending nothing, while the
    /// previous frame is unfinished: the frame is dropped.
    @discardableResult
    public func send(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !isBusy else {
            framesDropped += 1
            return false
        }
        guard bytes.count > 0 else { return true }
        framesSent += 1
        longestWait = 0
        let written = writeSome(bytes)
        if written < bytes.count {
            pending = Array(bytes[written...])
            offset = 0
            lastProgress = clock()
        }
        return true
    }

    /// Counts a frame not even encoded because the terminal is busy.
    public func noteDropped() { framesDropped += 1 }

    /// Gives up the unfinished frame (at exit): what was cut off mid-escape
    /// is cancelled (CAN, ST) so the terminal reads what follows as new.
    public func abandon() {
        guard isBusy else { return }
        clear()
        let cancel: [UInt8] = [0x18, 0x1B, 0x5C]
        cancel.withUnsafeBytes { _ = writeSome($0) }
    }

    /// Continues the unfinished frame; call when `fd` is writable. Returns
    /// whether the frame is now complete.
    @discardableResult
    public func resume() -> Bool {
        guard isBusy else { return true }
        let written = pending.withUnsafeBytes { raw in
            writeSome(UnsafeRawBufferPointer(rebasing: raw[offset...]))
        }
        if written > 0 {
            let now = clock()
            longestWait = max(longestWait, now - lastProgress)
            lastProgress = now
        }
        offset += written
        if !isBusy { clear() }
        return !isBusy
    }

    /// Writes the rest of the unfinished frame, waiting for the terminal.
    public func finish() {
        while isBusy {
            var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            if poll(&entry, 1, 1000) < 0 && errno != EINTR { break }
            if entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { break }
            resume()
        }
        clear()
    }

    private func clear() {
        pending = []
        offset = 0
    }

    /// CLOCK_MONOTONIC in seconds.
    public static func monotonicNow() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Writes what the descriptor takes without blocking. A short write
    /// means the terminal's buffer is full: it stops there rather than try
    /// again only to meet EAGAIN (one system call less each time).
    private func writeSome(_ bytes: UnsafeRawBufferPointer) -> Int {
        var done = 0
        while done < bytes.count {
            let n = write(fd, bytes.baseAddress!.advanced(by: done), bytes.count - done)
            if n > 0 {
                done += n
                if done < bytes.count && ownsDescriptor { break }
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                if n < 0 && errno != EAGAIN { done = bytes.count }
                break
            }
        }
        return done
    }
}
