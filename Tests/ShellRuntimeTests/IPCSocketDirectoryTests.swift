import Foundation
import Testing
@testable import ShellRuntime
#if canImport(Glibc)
import Glibc
#endif

@Suite("The automation socket's private directory")
struct IPCSocketDirectoryTests {
    private func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "tvshell-ipcdir-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o7777
    }

    @Test("under $XDG_RUNTIME_DIR/tvshell, else /tmp/tvshell-UID; a relative XDG_RUNTIME_DIR is ignored")
    func where_() {
        #expect(IPCSocketDirectory.directory(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]) == "/run/user/1000/tvshell")
        #expect(IPCSocketDirectory.directory(environment: [:]) == "/tmp/tvshell-\(geteuid())")
        #expect(IPCSocketDirectory.directory(environment: ["XDG_RUNTIME_DIR": "run"]) == "/tmp/tvshell-\(geteuid())")
    }

    @Test("made 0700; one of ours that others may enter is closed to them")
    func madeAndClosed() throws {
        let base = try scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let path = try IPCSocketDirectory.socketPath(environment: ["XDG_RUNTIME_DIR": base])
        #expect(path == base + "/tvshell/ipc.sock")
        #expect(mode(base + "/tvshell") == 0o700)
        chmod(base + "/tvshell", 0o755)
        #expect(try IPCSocketDirectory.socketPath(environment: ["XDG_RUNTIME_DIR": base]) == path)
        #expect(mode(base + "/tvshell") == 0o700)
        #expect(IPCSocketDirectory.exposure(of: path) == nil)
    }

    @Test("a symlink or a file where the directory goes is refused and left as it was")
    func refused() throws {
        let base = try scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/elsewhere", withIntermediateDirectories: false)
        chmod(base + "/elsewhere", 0o755)
        try FileManager.default.createSymbolicLink(atPath: base + "/tvshell", withDestinationPath: base + "/elsewhere")
        #expect(throws: (any Error).self) { try IPCSocketDirectory.socketPath(environment: ["XDG_RUNTIME_DIR": base]) }
        #expect(IPCSocketDirectory.prepare(base + "/tvshell") == "\(base)/tvshell is not a directory (a symlink or a file); refused")
        #expect(mode(base + "/elsewhere") == 0o755, "the symlink's target is not touched")
        try "x".write(toFile: base + "/file", atomically: true, encoding: .utf8)
        #expect(IPCSocketDirectory.prepare(base + "/file") == "\(base)/file is not a directory (a symlink or a file); refused")
    }

    @Test("a socket in a directory others may enter is named for the warning")
    func exposure() throws {
        let base = try scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        chmod(base, 0o755)
        #expect(IPCSocketDirectory.exposure(of: base + "/ipc.sock") == "other users may enter \(base)")
        chmod(base, 0o700)
        #expect(IPCSocketDirectory.exposure(of: base + "/ipc.sock") == nil)
    }
}
