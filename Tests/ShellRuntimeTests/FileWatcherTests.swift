import Foundation
import Logging
@testable import ShellRuntime
import ShellCore
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Waits (≤ 2 s) for the watcher's descriptor to be readable, then reads it.
private func changed(_ watcher: FileWatcher) -> Bool {
    var entry = pollfd(fd: watcher.fd, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, 2000) == 1 else { return false }
    return watcher.readEvents()
}

/// Whether the descriptor stays quiet for 0.2 s, or what it says is no change.
private func quiet(_ watcher: FileWatcher) -> Bool {
    var entry = pollfd(fd: watcher.fd, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, 200) == 1 else { return true }
    return !watcher.readEvents()
}

private func scratch() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)").path
}

@Suite("The file watcher (restrictions file, lircd socket)")
struct FileWatcherTests {
    @Test("an atomic rename over the file, a write in place, a chmod and a removal are seen; other files of the directory are not")
    func events() throws {
        let directory = scratch()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/restrictions.toml"
        try "mode = \"off\"\n".write(toFile: path, atomically: false, encoding: .utf8)
        let watcher = FileWatcher(path: path, label: "test", logger: Logger(label: "test"), now: Instant(seconds: 0))
        #expect(watcher.fd >= 0)
        try "x".write(toFile: directory + "/.restrictions.toml.1.tmp", atomically: false, encoding: .utf8)
        #expect(quiet(watcher), "the temporary file is not the settings")
        rename(directory + "/.restrictions.toml.1.tmp", path)
        #expect(changed(watcher), "renamed over")
        try "mode = \"passcode\"\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(changed(watcher), "written in place and closed")
        chmod(path, 0o644)
        #expect(changed(watcher), "its mode changed")
        try "other".write(toFile: directory + "/passcode-lockout.toml", atomically: false, encoding: .utf8)
        #expect(quiet(watcher))
        unlink(path)
        #expect(changed(watcher), "removed")
    }

    @Test("a directory that does not exist yet is waited for from the one above, and a file made in it is seen")
    func directoryMadeLater() throws {
        let base = scratch()
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        let path = base + "/config/tvshell/restrictions.toml"
        let watcher = FileWatcher(path: path, label: "test", logger: Logger(label: "test"), now: Instant(seconds: 0))
        try FileManager.default.createDirectory(atPath: base + "/config", withIntermediateDirectories: false)
        #expect(!changed(watcher), "one level down: still not the file's directory")
        try FileManager.default.createDirectory(atPath: base + "/config/tvshell", withIntermediateDirectories: false)
        #expect(changed(watcher), "the file's directory is there: look at the file")
        try "mode = \"passcode\"\n".write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
        rename(path + ".tmp", path)
        #expect(changed(watcher), "then the file itself is watched")
        try FileManager.default.removeItem(atPath: base + "/config")
        _ = changed(watcher)
        try FileManager.default.createDirectory(atPath: base + "/config/tvshell", withIntermediateDirectories: true)
        _ = changed(watcher)
        try "mode = \"deny\"\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(changed(watcher), "watched again after its directory was removed and made anew")
    }

    @Test("without inotify the file is looked at every second: a change (even of the same size) is seen once, at the next look")
    func polling() throws {
        let directory = scratch()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/restrictions.toml"
        try "mode = \"off\"\n".write(toFile: path, atomically: false, encoding: .utf8)
        let watcher = FileWatcher(path: path, label: "test", logger: Logger(label: "test"), now: Instant(seconds: 10), inotify: false)
        #expect(watcher.fd == -1)
        #expect(watcher.pollTimeout(now: Instant(seconds: 10.25)) == 750)
        #expect(!watcher.tick(now: Instant(seconds: 10.5)), "not due yet")
        #expect(!watcher.tick(now: Instant(seconds: 11)), "due, nothing changed")
        try "mode = \"deny\"\n".write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
        rename(path + ".tmp", path)
        #expect(!watcher.tick(now: Instant(seconds: 11.5)), "changed, but the next look is at 12 s")
        #expect(watcher.tick(now: Instant(seconds: 12)))
        #expect(!watcher.tick(now: Instant(seconds: 13)), "told once")
        unlink(path)
        #expect(watcher.tick(now: Instant(seconds: 14)), "removed")
    }

    @Test("reporting creation (a socket): a file made in the directory counts at once, before anything writes it")
    func creation() throws {
        let directory = scratch()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/lircd.sock"
        let watcher = FileWatcher(path: path, label: "test", logger: Logger(label: "test"), now: Instant(seconds: 0), reportsCreation: true)
        let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(s) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in Array(path.utf8).enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        #expect(changed(watcher), "the socket appeared")
    }
}
