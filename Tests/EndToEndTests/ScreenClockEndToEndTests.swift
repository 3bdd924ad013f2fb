import Foundation
import ShellTesting
import Testing

/// The clock on the home screen of a box left idle.
@Suite("The clock on the screens, end to end")
struct ScreenClockEndToEndTests {
    @Test("with no guide and no key pressed, the home screen's clock turns over as the minute does (it stood still at the last key)")
    func turnsOver() throws {
        let dir = TVShellBinary.scratchDirectory("screen-clock")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("tv.m3u")
        try "#EXTM3U\n#EXTINF:-1 tvg-chno=\"1\",Bars\nav://lavfi:smptebars=size=160x90:rate=25\n".write(to: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--home", lineup.path], width: 100, height: 30, environment: ["TZ": "UTC"])
        try shell.ipc.waitForState(timeout: 20) { $0["screen"] as? String == "home" }
        let launched = Date().timeIntervalSince1970
        let next = (launched / 60).rounded(.down) * 60 + 60
        let expected = SummerTimeEndToEndTests.clock(next, offset: 0)
        let shown = shell.tmux.waitFor(timeout: next - launched + 5) { $0.split(separator: "\n").first { $0.contains("tvshell") }?.contains(expected) == true }
        #expect(shown.ok, "\(expected) at the top right: \(shown.screen)")
    }
}
