import Foundation
import MediaModel

/// Loads channel logos (PNG, JPEG … from a path or URL) as 16×16 RGBA
/// pixels with ffmpeg, off the run loop, each once. Results come back through
/// `deliver` (any thread); a logo that cannot be loaded is logged and left to
/// the initials. With `large` (the TV output) each is decoded at the TV's
/// size, kept there, and delivered reduced to 16×16 for the cell views.
///
/// At most `running` ffmpeg processes at once, the newest asked first: a
/// viewer zapping through channels whose logo host does not answer (a
/// common fault of lineups) started one process per channel, each some
/// 10 MB waiting out its read timeout; the channel tuned now gets its logo
/// first. Past `waiting` logos the oldest waiting are forgotten (asked for
/// again, they load then). Each process has `deadline` seconds in all.
final class LogoLoader: LogoSource, @unchecked Sendable {
    static let size = 16
    static let running = 2
    static let waiting = 64
    static let deadline = 15.0
    private let lock = PThreadMutex()
    /// Loaded, loading or waiting.
    private var requested: Set<String> = []
    /// Waiting, the newest last.
    private var queue: [String] = []
    private var busy = 0
    private let ffmpeg: String?
    private let deliver: @Sendable (String, LogoImage) -> Void
    private let report: @Sendable (String) -> Void
    private let large: LogoBitmaps?

    init(large: LogoBitmaps? = nil, deliver: @escaping @Sendable (String, LogoImage) -> Void, report: @escaping @Sendable (String) -> Void) {
        ffmpeg = DemoLineup.findExecutable("ffmpeg")
        self.large = large
        self.deliver = deliver
        self.report = report
    }

    /// Starts loading `url` unless it was asked for before (one still
    /// waiting goes to the front). Run-loop thread.
    func load(_ url: String) {
        guard ffmpeg != nil else { return }
        let next = lock.withLock { () -> [String] in
            if requested.insert(url).inserted {
                queue.append(url)
                if queue.count > Self.waiting { requested.remove(queue.removeFirst()) }
            } else if let waiting = queue.firstIndex(of: url) {
                queue.append(queue.remove(at: waiting))
            }
            return takeNext()
        }
        next.forEach(start)
    }

    /// The waiting logos that may start now, newest first. Under the lock.
    private func takeNext() -> [String] {
        var taken: [String] = []
        while busy < Self.running, let url = queue.popLast() {
            busy += 1
            taken.append(url)
        }
        return taken
    }

    /// Decodes `url` on a global queue, then starts the next waiting.
    private func start(_ url: String) {
        DispatchQueue.global(qos: .utility).async { [self] in
            decode(url)
            lock.withLock { () -> [String] in
                busy -= 1
                return takeNext()
            }.forEach(start)
        }
    }

    /// Runs ffmpeg for `url` and delivers or reports. A global queue's thread.
    private func decode(_ url: String) {
        guard let ffmpeg else { return }
        let size = large == nil ? Self.size : LogoBitmaps.size
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = [
            "-nostdin", "-loglevel", "error", "-rw_timeout", "5000000", "-i", url, "-frames:v", "1",
            "-vf", "scale=\(size):\(size):force_original_aspect_ratio=decrease,format=rgba,pad=\(size):\(size):(ow-iw)/2:(oh-ih)/2:color=black@0",
            "-f", "rawvideo", "-pix_fmt", "rgba", "-",
        ]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            report("logo \(url): \(error)")
            return
        }
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + Self.deadline, execute: watchdog)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let why = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        if process.terminationStatus == 0, process.terminationReason == .exit, let image = LogoImage(width: size, height: size, rgba: [UInt8](data)) {
            if let large, let small = image.reduced(to: Self.size) {
                large.store(image, for: url)
                deliver(url, small)
            } else {
                deliver(url, image)
            }
        } else if process.terminationReason == .uncaughtSignal {
            report("logo \(url): not loaded within \(Int(Self.deadline)) s")
        } else {
            report("logo \(url): \(why.isEmpty ? "ffmpeg exit \(process.terminationStatus)" : why.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }
}
