import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Makes a socket file at `path` that nothing listens on (a crashed shell's).
private func staleSocket(at path: String) throws {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    try #require(fd >= 0)
    var address = unixSocketAddress(path)
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    close(fd)
    try #require(bound == 0)
}

@Suite("--ipc-socket takes only a stale socket", .serialized)
struct IPCSocketEndToEndTests {
    @Test("a regular file at the path is refused and kept; a live socket (another shell) is refused and keeps working; a stale one is taken")
    func refusesWhatIsNotStale() throws {
        let dir = TVShellBinary.scratchDirectory("ipc-socket")
        defer { try? FileManager.default.removeItem(at: dir) }
        let item = "av://lavfi:testsrc2=size=160x90:rate=25"

        let file = dir.appendingPathComponent("notes.txt").path
        try "keep me\n".write(toFile: file, atomically: true, encoding: .utf8)
        let onFile = try Spawn.run([TVShellBinary.path, "--video", "none", "--ipc-socket", file, item])
        #expect(onFile.status != 0 && onFile.output.contains("--ipc-socket \(file): something that is not a socket is there; refused"), "\(onFile.output)")
        #expect((try? String(contentsOfFile: file, encoding: .utf8)) == "keep me\n")

        let first = try ShellUnderTest([item])
        try first.ipc.waitForState { $0["phase"] as? String == "playing" }
        let socket = first.directory.appendingPathComponent("ipc.sock").path
        let second = try Spawn.run([TVShellBinary.path, "--video", "none", "--ipc-socket", socket, item])
        #expect(second.status != 0 && second.output.contains("is listening there; refused"), "\(second.output)")
        #expect(FileManager.default.fileExists(atPath: socket), "the second shell left the first one's socket alone")
        #expect(try first.ipc.request(["get_state"])["error"] as? String == "success")

        let stale = dir.appendingPathComponent("stale.sock").path
        try staleSocket(at: stale)
        let taker = try TmuxSession(command: "'\(TVShellBinary.path)' --mpv-option ao=null --ipc-socket '\(stale)' '\(item)'")
        defer { taker.kill() }
        let client = try IPCClient(path: stale, timeout: 15)
        try client.waitForState { $0["phase"] as? String == "playing" }
    }

    @Test("--ipc listens on ipc.sock in $XDG_RUNTIME_DIR/tvshell, made 0700 with the socket 0600; a symlink there is refused; --ipc with --ipc-socket is refused")
    func privateDirectory() throws {
        let dir = TVShellBinary.scratchDirectory("ipc-private")
        defer { try? FileManager.default.removeItem(at: dir) }
        let item = "av://lavfi:testsrc2=size=160x90:rate=25"
        let runtime = dir.appendingPathComponent("run").path
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false)
        let shell = try TmuxSession(command: "XDG_RUNTIME_DIR='\(runtime)' '\(TVShellBinary.path)' --mpv-option ao=null --ipc '\(item)'")
        defer { shell.kill() }
        let socket = runtime + "/tvshell/ipc.sock"
        let client = try IPCClient(path: socket, timeout: 15)
        try client.waitForState { $0["phase"] as? String == "playing" }
        var info = stat()
        #expect(lstat(runtime + "/tvshell", &info) == 0 && info.st_mode & 0o7777 == 0o700 && info.st_mode & S_IFMT == S_IFDIR)
        #expect(lstat(socket, &info) == 0 && info.st_mode & 0o7777 == 0o600 && info.st_mode & S_IFMT == S_IFSOCK)

        let other = dir.appendingPathComponent("other").path
        let elsewhere = dir.appendingPathComponent("elsewhere").path
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: other + "/tvshell", withDestinationPath: elsewhere)
        let linked = try Spawn.run([TVShellBinary.path, "--video", "none", "--ipc", item], environment: ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": other]) { $1 })
        #expect(linked.status != 0 && linked.output.contains("--ipc-socket \(other)/tvshell/ipc.sock: \(other)/tvshell is not a directory (a symlink or a file); refused"), "\(linked.output)")
        #expect((try FileManager.default.contentsOfDirectory(atPath: elsewhere)).isEmpty, "nothing was made through the symlink")

        let both = try Spawn.run([TVShellBinary.path, "--ipc", "--ipc-socket", dir.appendingPathComponent("x.sock").path, item])
        #expect(both.status != 0 && both.output.contains("--ipc and --ipc-socket: give one"), "\(both.output)")
    }
}
