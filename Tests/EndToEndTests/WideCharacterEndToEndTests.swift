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
        try shell.tmux.send("Escape")
        let home = shell.tmux.waitFor { screen in names.allSatisfy { screen.contains($0) } }
        #expect(home.ok, "\(home.screen)")
        let onHome = try Self.liveColumns(home.screen, names: names)
        #expect(onHome.count == 6 && Set(onHome).count == 1, "LIVE at columns \(onHome):\n\(home.screen)")

        try shell.tmux.send("g")
        let guide = shell.tmux.waitFor { screen in screen.contains("Guide") && screen.contains("Weather") }
        #expect(guide.ok, "\(guide.screen)")
        let inGuide = try Self.liveColumns(guide.screen, names: ["Plain Channel", "⚽ Football Live", "🚀 Rocket", "🌡 Weather", "GB BBC One", "👨 Family"])
        #expect(inGuide.count == 6 && Set(inGuide).count == 1, "LIVE at columns \(inGuide):\n\(guide.screen)")
    }
}
