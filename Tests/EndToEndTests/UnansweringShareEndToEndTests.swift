import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A disk or share that stops answering (an NFS or SMB mount whose server
/// went away): films made with named pipes (one nobody writes, whose open
/// waits for ever as on a dead hard mount; one that gives the start of a
/// film and then nothing more), and a library on a FUSE mount whose daemon
/// is stopped (`StoppableShare`).
@Suite("A disk or share that does not answer", .serialized)
struct UnansweringShareEndToEndTests {
    /// Seconds a load may take to start, or playback wait for data (`[recovery] stall`).
    static let stall = 4.0

    /// A share whose server can stop answering, in a scratch folder:
    /// `source` (its files, written by the test) passed through at
    /// `mountPoint` by a FUSE file system (fusepy, Debian's python3-fusepy,
    /// run by the system's python3); `stop()` stops its daemon (SIGSTOP),
    /// so every read of the mount waits as on a share whose server went
    /// away, `resume()` lets it go on. `close()` unmounts it and removes
    /// the folder.
    private final class StoppableShare {
        static let python = "/usr/bin/python3"
        static let script = """
            import os, sys
            from fusepy import FUSE, FuseOSError, Operations
            class Passthrough(Operations):
                def __init__(self, root): self.root = root
                def _path(self, path): return os.path.join(self.root, path.lstrip('/'))
                def getattr(self, path, fh=None):
                    try: st = os.lstat(self._path(path))
                    except OSError as e: raise FuseOSError(e.errno)
                    return {k: getattr(st, k) for k in ('st_atime', 'st_ctime', 'st_gid', 'st_mode', 'st_mtime', 'st_nlink', 'st_size', 'st_uid')}
                def readdir(self, path, fh): return ['.', '..'] + os.listdir(self._path(path))
                def open(self, path, flags): return os.open(self._path(path), os.O_RDONLY)
                def read(self, path, size, offset, fh): return os.pread(fh, size, offset)
                def release(self, path, fh): return os.close(fh)
            FUSE(Passthrough(sys.argv[1]), sys.argv[2], foreground=True, ro=True, allow_other=True)
            """

        /// Why no such share can be made here (nil: it can): FUSE needs
        /// root, /dev/fuse and fusepy.
        static let unavailable: String? = {
            guard getuid() == 0 else { return "not root" }
            guard FileManager.default.fileExists(atPath: "/dev/fuse") else { return "no /dev/fuse" }
            guard (try? Spawn.run([python, "-c", "import fusepy"]))?.status == 0 else { return "no fusepy (python3-fusepy)" }
            return nil
        }()

        let base: URL
        let source: URL
        let mountPoint: String
        private let daemon: Process

        init(scratch name: String) throws {
            base = TVShellBinary.scratchDirectory(name)
            source = base.appendingPathComponent("nas")
            mountPoint = base.appendingPathComponent("mnt").path
            try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
            let script = base.appendingPathComponent("share.py").path
            try Self.script.write(toFile: script, atomically: true, encoding: .utf8)
            daemon = Process()
            daemon.executableURL = URL(fileURLWithPath: Self.python)
            daemon.arguments = [script, source.path, mountPoint]
            try daemon.run()
            let deadline = Deadline(in: 10)
            while !mounted && !deadline.hasPassed { usleep(50_000) }
            try #require(mounted, "the share is mounted at \(mountPoint)")
        }

        private var mounted: Bool {
            ((try? String(contentsOfFile: "/proc/mounts", encoding: .utf8)) ?? "").split(separator: "\n").contains { $0.split(separator: " ").dropFirst().first == Substring(mountPoint) }
        }

        func stop() { kill(daemon.processIdentifier, SIGSTOP) }
        func resume() { kill(daemon.processIdentifier, SIGCONT) }

        func close() {
            resume()
            _ = try? Spawn.run(["umount", "-l", mountPoint])
            daemon.terminate()
            daemon.waitUntilExit()
            try? FileManager.default.removeItem(at: base)
        }
    }

    /// A start in a terminal with `arguments`: its exit status and what it
    /// printed. Bounded: a start that waited on the share for ever ends in
    /// 60 s with 124.
    private static func terminalStart(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try Spawn.run(["timeout", "60", "sh", "-c", "exec \"$0\" \"$@\" 2>&1 </dev/null", TVShellBinary.path] + arguments,
                      environment: ["HOME": "/tmp", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
    }

    @Test("a library's share that stops answering while the shell runs: choosing a film on it leaves the shell answering every request at once (it froze until the share answered: the run loop read the file), and the error screen says why after [recovery] stall; once the share answers, it plays",
          .enabled(if: StoppableShare.unavailable == nil, "needs FUSE: root, /dev/fuse and python3-fusepy"))
    func shareStopsWhileRunning() throws {
        let share = try StoppableShare(scratch: "share-stops")
        defer { share.close() }
        let clip = try TestMedia.clipWithSidecar(name: "untitled")
        try FileManager.default.copyItem(atPath: clip, toPath: share.source.appendingPathComponent("Alpha.2001.720p.mp4").path)
        try FileManager.default.copyItem(atPath: clip, toPath: share.source.appendingPathComponent("Bravo.2002.720p.mp4").path)
        try "[{\"kind\": \"intro\", \"start\": 30, \"end\": 40}]"
            .write(to: share.source.appendingPathComponent("Bravo.2002.720p.segments.json"), atomically: true, encoding: .utf8)
        let config = share.base.appendingPathComponent("config.toml").path
        try "[recovery]\nstall = \(Int(Self.stall))\n[pip]\nautomatic = false\n".write(toFile: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([share.mountPoint, "--config", config])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && $0["title"] as? String == "Alpha (2001)" && (number($0["position"]) ?? 0) > 1 }

        share.stop()
        try shell.tmux.send("Escape")
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        try shell.tmux.send("Down")
        try shell.ipc.waitForState { $0["home_selection"] as? Int == 1 }
        try shell.tmux.send("Enter")
        var answered = 0
        let chosen = Stopwatch()
        while chosen.elapsed < Self.stall + 8 {
            let state = try shell.ipc.request(["get_state"], timeout: 2)
            answered += 1
            if ((state["data"] as? [String: Any])?["screen"] as? String) == "error" { break }
            usleep(250_000)
        }
        let failed = try shell.ipc.state()
        #expect(failed["screen"] as? String == "error" && answered > 4, "answered \(answered) times: \(failed)")
        #expect((failed["error"] as? [String: Any])?["reason"] as? String == "its file did not open within 4 s (is its disk or share still there?)", "\(failed)")

        share.resume()
        try shell.tmux.send("Escape")
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        try shell.tmux.send("Enter")
        let playing = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && $0["title"] as? String == "Bravo (2002)" && (number($0["position"]) ?? 0) > 1 }
        #expect(((playing["segments"] as? [[String: Any]]) ?? []).count == 1, "its segments read beside it: \(playing["segments"] ?? "")")
    }

    @Test("a lineup file on a share that does not answer: a terminal's start exits 66 within seconds saying so; a box's starts saying so, and plays the lineup's channel once the share answers",
          .enabled(if: StoppableShare.unavailable == nil, "needs FUSE: root, /dev/fuse and python3-fusepy"))
    func lineupOnStoppedShare() throws {
        let share = try StoppableShare(scratch: "stopped-share-lineup")
        defer { share.close() }
        try "#EXTM3U\n#EXTINF:-1 tvg-chno=\"1\",Bars\nav://lavfi:smptebars=size=160x90:rate=25\n"
            .write(to: share.source.appendingPathComponent("tv.m3u"), atomically: true, encoding: .utf8)
        let lineup = share.mountPoint + "/tv.m3u"
        share.stop()

        let terminal = try Self.terminalStart(["--lineup", lineup])
        #expect(terminal.status == 66 && terminal.output.contains("\(lineup): does not answer (nothing in 10 s"), "\(terminal.output)")

        let shell = try ShellUnderTest(["--kiosk", "--lineup", lineup], connectTimeout: 60)
        let waiting = try shell.ipc.waitForState { ($0["lineup_wait"] as? String)?.contains("does not answer") == true }
        #expect(waiting["items"] as? Int == 0, "\(waiting)")
        #expect(shell.tmux.waitFor { $0.contains("does not answer") }.ok, "\(shell.tmux.capture())")
        share.resume()
        // Read again 15 s after the start, then less often.
        let playing = try shell.ipc.waitForState(timeout: 40) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        #expect(playing["title"] as? String == "Bars" && playing["lineup_wait"] is NSNull, "\(playing)")
    }

    @Test("a library on a share that does not answer: a terminal's start exits 66 within seconds saying so (it waited for ever, the screen blank); a box's starts saying so on its home screen, and plays the library once the share answers",
          .enabled(if: StoppableShare.unavailable == nil, "needs FUSE: root, /dev/fuse and python3-fusepy"))
    func libraryOnStoppedShare() throws {
        let share = try StoppableShare(scratch: "stopped-share")
        defer { share.close() }
        try FileManager.default.copyItem(atPath: try TestMedia.clipWithSidecar(name: "untitled"),
                                         toPath: share.source.appendingPathComponent("Night.Drive.2011.720p.mp4").path)
        share.stop()

        let started = Stopwatch()
        let terminal = try Self.terminalStart([share.mountPoint])
        #expect(terminal.status == 66 && terminal.output.contains("\(share.mountPoint): does not answer (nothing in 10 s"), "\(terminal.output)")
        #expect(started.elapsed < 30, "\(started.elapsed) s")

        let shell = try ShellUnderTest(["--kiosk", share.mountPoint], connectTimeout: 60)
        let waiting = try shell.ipc.waitForState { ($0["lineup_wait"] as? String)?.contains("does not answer") == true }
        #expect(waiting["items"] as? Int == 0 && waiting["screen"] as? String == "home", "\(waiting)")
        #expect(shell.tmux.waitFor { $0.contains("Nothing to play yet") && $0.contains("does not answer") }.ok, "\(shell.tmux.capture())")
        share.resume()
        let playing = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        #expect(playing["title"] as? String == "Night Drive (2011)" && playing["lineup_wait"] is NSNull && playing["items"] as? Int == 1, "\(playing)")
    }

    /// A named pipe at `path` that, once the player opens it, gives the
    /// first `bytes` of `source` and then nothing until `release()`; a
    /// reader that leaves before taking them all (a look at a file's first
    /// bytes) leaves them whole for the next, as a file would.
    /// Who may call what: `release()` from any thread, once.
    private final class StallingFile: Sendable {
        private let released = DispatchSemaphore(value: 0)

        init(path: String, source: String, bytes: Int) throws {
            signal(SIGPIPE, SIG_IGN)
            try #require(mkfifo(path, 0o644) == 0, "a named pipe at \(path)")
            let data = try Data(contentsOf: URL(fileURLWithPath: source)).prefix(bytes)
            Thread.detachNewThread { [released] in
                while true {
                    let fd = open(path, O_WRONLY)
                    guard fd >= 0 else { return }
                    let given = data.withUnsafeBytes { buffer in
                        var offset = 0
                        while offset < buffer.count {
                            let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                            if written <= 0 { break }
                            offset += written
                        }
                        return offset
                    }
                    if given == data.count {
                        released.wait()
                        close(fd)
                        return
                    }
                    close(fd)
                }
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
