import Foundation
import ShellTesting
import Testing

/// `[sleep] daily` on a box that runs for months: with no guide, and across
/// a change of the local time's offset (daylight saving time).
@Suite("The daily sleep of a box, end to end", .serialized)
struct SleepDailyEndToEndTests {
    /// A POSIX time zone (which glibc reads and a small box may set in
    /// `TZ`) on UTC whose daylight saving time (UTC+1) begins at `start`
    /// (seconds since 1970), ending `days` later at local midnight.
    static func zone(summerTimeFrom start: Double, days: Int = 1) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = Date(timeIntervalSince1970: start)
        let parts = calendar.dateComponents([.year, .hour, .minute, .second], from: date)
        // Jn counts days 1…365, never February 29.
        var day = calendar.ordinality(of: .day, in: .year, for: date)!
        let year = parts.year!
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        if leap && day > 59 { day -= 1 }
        let end = (day + days - 1) % 365 + 1
        return String(format: "AAA0BBB-1,J%d/%02d:%02d:%02d,J%d/00:00:00", day, parts.hour!, parts.minute!, parts.second!, end)
    }

    @Test("with no guide to read, the daily time still comes; summer time beginning while the shell runs moves it to the new local time, not an hour later")
    func acrossSummerTime() throws {
        let dir = TVShellBinary.scratchDirectory("sleep-daily")
        defer { try? FileManager.default.removeItem(at: dir) }
        let launch = Date().timeIntervalSince1970
        let summer = launch.rounded(.down) + 10
        // A whole minute 60–120 s after the launch (UTC), named in summer
        // time: the first look at the clock after summer time begins (30 s
        // after the launch) finds it 30–90 s away, when the warning starts.
        let at = ((launch + 60) / 60).rounded(.up) * 60
        let local = Int(at + 3600) % 86400
        let config = dir.appendingPathComponent("config.toml")
        try String(format: "[sleep]\ndaily = \"%02d:%02d\"\n", local / 3600, local % 3600 / 60).write(to: config, atomically: true, encoding: .utf8)
        let lineup = dir.appendingPathComponent("tv.m3u")
        try "#EXTM3U\n#EXTINF:-1 tvg-chno=\"1\",Bars\nav://lavfi:smptebars=size=160x90:rate=25\n".write(to: lineup, atomically: true, encoding: .utf8)

        let shell = try ShellUnderTest([lineup.path, "--config", config.path], environment: ["TZ": Self.zone(summerTimeFrom: summer)])
        _ = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" }
        // The countdown to it, at a look at the clock 30–90 s before it
        // (the sleep itself at its end is the reducer's). Without summer
        // time followed, the daily time would be an hour later.
        _ = try shell.ipc.waitForState(timeout: max(1, at - Date().timeIntervalSince1970)) { ($0["sleep"] as? [String: Any])?["choice"] as? String == "daily" }
        #expect(Date().timeIntervalSince1970 < at, "the countdown began before the daily time")
        #expect(shell.log.contains("the local time is now UTC+01:00"), "\(shell.log)")
    }
}
