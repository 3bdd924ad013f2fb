import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Films on a share that stops answering (an NFS or SMB mount whose server
/// went away), made with named pipes: one nobody writes (its open waits
/// for ever, as on a dead hard mount), one that gives the start of a film
/// and then nothing more.
@Suite("A film whose disk or share does not answer", .serialized)
struct UnansweringFileEndToEndTests {
    /// Seconds a load may take to start, or playback wait for data (`[recovery] stall`).
    static let stall = 4.0

    /// A named pipe at `path` that, once the player opens it, gives the
    /// first `bytes` of `source` and then nothing until `release()`.
    /// Who may call what: `release()` from any thread, once.
    private final class StallingFile: Sendable {
        private let released = DispatchSemaphore(value: 0)

        init(path: String, source: String, bytes: Int) throws {
            signal(SIGPIPE, SIG_IGN)
            try #require(mkfifo(path, 0o644) == 0, "a named pipe at \(path)")
            let data = try Data(contentsOf: URL(fileURLWithPath: source)).prefix(bytes)
            Thread.detachNewThread { [released] in
                let fd = open(path, O_WRONLY)
                guard fd >= 0 else { return }
                data.withUnsafeBytes { buffer in
                    var offset = 0
                    while offset < buffer.count {
                        let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                        if written <= 0 { break }
                        offset += written
                    }
                }
                released.wait()
                close(fd)
            }
        }

        func release() { released.signal() }
    }

    @Test("a film whose file never opens, and one whose file stops giving data while it plays, each end on the error screen within [recovery] stall, saying its disk or share does not answer; the shell goes on playing what answers, and quits at once")
    func unanswering() throws {
        let dir = TVShellBinary.scratchDirectory("unanswering")
        let library = dir.appendingPathComponent("Films")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try TestMedia.clip(seconds: 60)
        try FileManager.default.createSymbolicLink(atPath: library.appendingPathComponent("Good (2001).mkv").path, withDestinationPath: clip)
        let never = dir.appendingPathComponent("Never (2002).mkv").path
        try #require(mkfifo(never, 0o644) == 0)
        let stopping = try StallingFile(path: dir.appendingPathComponent("Stops (2003).mkv").path, source: clip, bytes: 2_000_000)
        defer { stopping.release() }
        let config = dir.appendingPathComponent("config.toml").path
        try "[recovery]\nstall = \(Int(Self.stall))\n".write(toFile: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([library.path, "--config", config])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }

        try shell.ipc.request(["play", never])
        let asked = Stopwatch()
        let unopened = try shell.ipc.waitForState(timeout: Self.stall + 15) { $0["screen"] as? String == "error" }
        #expect(asked.elapsed >= Self.stall - 0.5, "not before the stall time")
        #expect((unopened["error"] as? [String: Any])?["reason"] as? String == "its file did not open within 4 s (is its disk or share still there?)", "\(unopened)")
        #expect(shell.tmux.waitFor { $0.contains("Never (2002)") && $0.contains("its file did not open within 4 s") }.ok, "\(shell.tmux.capture())")

        try shell.ipc.request(["play", dir.appendingPathComponent("Stops (2003).mkv").path])
        try shell.ipc.waitForState(timeout: 30) { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 1 }
        let stopped = try shell.ipc.waitForState(timeout: 60) { $0["screen"] as? String == "error" }
        #expect((stopped["error"] as? [String: Any])?["reason"] as? String == "its file stopped answering (is its disk or share still there?)", "\(stopped)")
        #expect((number(stopped["position"]) ?? 0) > 10, "it played what came: \(stopped["position"] ?? "")")

        try shell.ipc.request(["play", library.appendingPathComponent("Good (2001).mkv").path])
        try shell.ipc.waitForState(timeout: 30) { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 1 }
        try shell.ipc.request(["play", never])
        try shell.ipc.waitForState { $0["phase"] as? String == "loading" }
        let quit = Stopwatch()
        _ = try? shell.ipc.request(["quit"])
        #expect(shell.waitForExit(timeout: 10) == 0)
        #expect(quit.elapsed < 5, "quitting does not wait for the file: \(quit.elapsed) s")
    }
}
