import Foundation
import ShellTesting
import Testing

/// The system clock set under a running shell (NTP's step at the boot of a
/// box without a real-time clock): the real binary, the real kernel.
@Suite("The system clock set under the shell, end to end", .enabled(if: SystemClock.maySet, "setting the clock needs CAP_SYS_TIME"))
struct ClockSetEndToEndTests {
    @Test("a set of the system clock is seen at once: the guide's window and the passcode gate look at the time again, the channel plays on")
    func seenAtOnce() throws {
        let stream = try LiveHLSStream()
        defer { stream.stop() }
        let dir = TVShellBinary.scratchDirectory("clock-set")
        defer { try? FileManager.default.removeItem(at: dir) }
        let now = Date().timeIntervalSince1970.rounded(.down)
        let (lineup, guide) = try ratedLiveChannel(in: dir, url: stream.url, programmes: [("Cartoons", now - 600, now + 7200, "TV-G")])
        let shell = try ShellUnderTest([lineup, "--guide", guide], cacheHome: dir.appendingPathComponent("cache").path, home: try ParentalHome.withPasscode())
        _ = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" }
        #expect(!shell.log.contains("the system clock was set"))

        #expect(SystemClock.setToItself())
        #expect(shell.waitForLog("the system clock was set", timeout: 5), "\(shell.log)")
        let after = try shell.ipc.waitForState(timeout: 5) { _ in true }
        #expect(after["phase"] as? String == "playing" && after["screen"] as? String == "player", "\(after)")
    }
}
