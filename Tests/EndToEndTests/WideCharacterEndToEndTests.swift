import Foundation
import ShellTesting
import Testing

/// Emoji in channels' names (common in real playlists: "⚽ Sports", "🇬🇧 BBC"), drawn
/// by the real binary through ncursesw in tmux: what follows them stays in
/// its column.
@Suite("Emoji in names, end to end")
struct WideCharacterEndToEndTests {
    /// The column where "LIVE" starts on each line naming a channel with it
    /// (its row; the picture's frame names the channel too).
    static func liveColumns(_ screen: String, names: [String]) throws -> [Int] {
        try screen.split(separator: "\n").filter { line in line.contains("LIVE") && names.contains { line.contains($0) } }.map { line in
            let live = try #require(line.range(of: "LIVE"))
            return try #require(GlibcColumns.of(line[..<live.lowerBound]))
        }
    }

    @Test("on the home screen and in the guide, a row whose name has a ball, a rocket, a watch, a thermometer, a flag (shown as its letters) or a family joined by ZWJ (its first emoji) keeps its LIVE in the column of a plain row's")
    func columnsKept() throws {
        let dir = TVShellBinary.scratchDirectory("wide-characters")
        defer { try? FileManager.default.removeItem(at: dir) }
        let given = ["Plain Channel", "⚽ Football Live", "🚀 Rocket | ⌚ Watch", "🌡 Weather", "🇬🇧 BBC One", "👨‍👩‍👧 Family"]
        // A flag as its letters; a ZWJ sequence as its first emoji.
        let names = ["Plain Channel", "⚽ Football Live", "🚀 Rocket | ⌚ Watch", "🌡 Weather", "GB BBC One", "👨 Family"]
        let lineup = dir.appendingPathComponent("tv.m3u")
        try (["#EXTM3U"] + given.enumerated().map { "#EXTINF:-1 tvg-id=\"c\($0.offset)\" tvg-chno=\"\($0.offset + 1)\",\($0.element)\nav://lavfi:testsrc2=size=160x90:rate=10" })
            .joined(separator: "\n").write(to: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path])
        _ = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" }
        /// Whether `screen` has the six rows, each with its LIVE in one
        /// column. Waited for: a screen taken while ncurses redraws holds
        /// rows of the screen before (the home screen's LIVE column on a
        /// row the guide has not redrawn yet).
        func aligned(_ screen: String, _ names: [String]) -> Bool {
            (try? Self.liveColumns(screen, names: names)).map { $0.count == 6 && Set($0).count == 1 } ?? false
        }
        try shell.tmux.send("Escape")
        let home = shell.tmux.waitFor(timeout: 20) { screen in names.allSatisfy { screen.contains($0) } && aligned(screen, names) }
        #expect(home.ok, "LIVE at columns \((try? Self.liveColumns(home.screen, names: names)) ?? []):\n\(home.screen)")

        try shell.tmux.send("g")
        let inGuide = ["Plain Channel", "⚽ Football Live", "🚀 Rocket", "🌡 Weather", "GB BBC One", "👨 Family"]
        let guide = shell.tmux.waitFor(timeout: 20) { screen in screen.contains("Guide") && screen.contains("Preview") && aligned(screen, inGuide) }
        #expect(guide.ok, "LIVE at columns \((try? Self.liveColumns(guide.screen, names: inGuide)) ?? []):\n\(guide.screen)")
    }
}
