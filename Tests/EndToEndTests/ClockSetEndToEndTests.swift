import Foundation
import ShellTesting
import Testing

/// The system clock set under a running shell (NTP's step at the boot of a
/// box without a real-time clock): the real binary, the real kernel.
@Suite("The system clock set under the shell, end to end", .enabled(if: SystemClock.maySet, "setting the clock needs CAP_SYS_TIME"))
struct ClockSetEndToEndTests {
    @Test("a set of the system clock is seen at once: the guide's window and the passcode gate look at the time again, the channel plays on")
    func seenAtOnce() throws {
        try SystemClock.exclusively { try seenAtOnceAlone() }
    }

    private func seenAtOnceAlone() throws {
        let stream = try LiveHLSStream()
        defer { stream.stop() }
        let dir = TVShellBinary.scratchDirectory("clock-set")
        defer { try? FileManager.default.removeItem(at: dir) }
        let now = Date().timeIntervalSince1970.rounded(.down)
        let witness = try #require(SystemClock.Witness())
        let (lineup, guide) = try ratedLiveChannel(in: dir, url: stream.url, programmes: [("Cartoons", now - 600, now + 7200, "TV-G")])
        let shell = try ShellUnderTest([lineup, "--guide", guide], cacheHome: dir.appendingPathComponent("cache").path, home: try ParentalHome.withPasscode())
        _ = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" }
        // No set yet, unless the machine's time service stepped the clock.
        #expect(!shell.log.contains("the system clock was set") || witness.sawSet())

        #expect(SystemClock.setToItself())
        #expect(shell.waitForLog("the system clock was set", timeout: 5), "\(shell.log)")
        let after = try shell.ipc.waitForState(timeout: 5) { _ in true }
        #expect(after["phase"] as? String == "playing" && after["screen"] as? String == "player", "\(after)")
    }

    @Test("a lineup server and an account that could not be read at the start (a certificate not yet valid before NTP's step) are read again the moment the clock is set, not after their wait")
    func refreshersTryAgain() throws {
        try SystemClock.exclusively { try refreshersTryAgainAlone() }
    }

    private func refreshersTryAgainAlone() throws {
        let dir = TVShellBinary.scratchDirectory("clock-set-lineup")
        defer { try? FileManager.default.removeItem(at: dir) }
        let channels = Locked(2)
        let server = try LocalHTTPServer(responder: { path in
            guard path.hasSuffix("tv.m3u") else { return nil }
            let entries = (1...channels.value).map { "#EXTINF:-1 tvg-id=\"c\($0)\" tvg-chno=\"\($0)\",Channel \($0)\nav://lavfi:testsrc2=size=160x90:rate=25" }
            return Data(("#EXTM3U\n" + entries.joined(separator: "\n") + "\n").utf8)
        })
        defer { server.stop() }
        let cache = dir.appendingPathComponent("cache").path
        do {
            let shell = try ShellUnderTest(["--lineup", server.url("tv.m3u")], cacheHome: cache)
            _ = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" }
        }
        server.inject(.serverError)
        channels.value = 3
        let shell = try ShellUnderTest(["--lineup", server.url("tv.m3u")], cacheHome: cache)
        _ = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && $0["items"] as? Int == 2 }
        server.inject(nil)
        #expect(SystemClock.setToItself())
        #expect(shell.waitForLog("the system clock was set, read again now", timeout: 5), "\(shell.log)")
        _ = try shell.ipc.waitForState(timeout: 10) { $0["items"] as? Int == 3 }

        let (xtream, home, config) = try XtreamEndToEndTests.staleAccount("clock-set-account")
        defer { xtream.stop() }
        defer { try? FileManager.default.removeItem(at: home.base) }
        xtream.server.inject(.serverError, pathSuffix: "player_api.php")
        let account = try ShellUnderTest(["--account", "tv", "--config", config.path], height: 40, home: home)
        #expect(account.waitForLog("lists stored 2 hours ago are shown", timeout: 20), "\(account.log)")
        xtream.server.inject(nil)
        #expect(SystemClock.setToItself())
        #expect(account.waitForLog("account tv: the system clock was set, tried again now", timeout: 5), "\(account.log)")
        _ = try account.ipc.waitForState(timeout: 20) { $0["items"] as? Int == 7 }
    }
}

/// A value shared with a server's thread.
private final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
