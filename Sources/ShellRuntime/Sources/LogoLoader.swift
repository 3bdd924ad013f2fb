import Foundation
import MediaModel

/// Loads channel logos (PNG, JPEG … from a path or URL) as 16×16 RGBA
/// pixels with ffmpeg, off the run loop, each once. Results come back through
/// `deliver` (any thread); a logo that cannot be loaded is logged and left to
/// the initials. With `large` (the TV output) each is decoded at the TV's
/// size, kept there, and delivered reduced to 16×16 for the cell views.
final class LogoLoader: LogoSource, @unchecked Sendable {
    static let size = 16
    private let lock = PThreadMutex()
    private var requested: Set<String> = []
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

    /// Starts loading `url` unless it was asked for before. Run-loop thread.
    func load(_ url: String) {
        let fresh = lock.withLock { requested.insert(url).inserted }
        guard fresh, let ffmpeg else { return }
        let large = self.large
        let size = large == nil ? Self.size : LogoBitmaps.size
        let deliver = self.deliver, report = self.report
        DispatchQueue.global(qos: .utility).async {
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
                let data = output.fileHandleForReading.readDataToEndOfFile()
                let why = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                if process.terminationStatus == 0, let image = LogoImage(width: size, height: size, rgba: [UInt8](data)) {
                    if let large, let small = image.reduced(to: Self.size) {
                        large.store(image, for: url)
                        deliver(url, small)
                    } else {
                        deliver(url, image)
                    }
                } else {
                    report("logo \(url): \(why.isEmpty ? "ffmpeg exit \(process.terminationStatus)" : why.trimmingCharacters(in: .whitespacesAndNewlines))")
                }
            } catch {
                report("logo \(url): \(error)")
            }
        }
    }
}
