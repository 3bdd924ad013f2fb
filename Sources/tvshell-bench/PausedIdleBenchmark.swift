import Foundation
import ShellProbes

/// CPU, wakeups and memory while paused for 10 s, for tvshell drawing in the
/// terminal and for mpv's own terminal output (`--vo=tct`) on the same clip.
enum PausedIdleBenchmark {
    struct Result {
        let cpuPercent: Double
        let wakeupsPerSecond: Double
        let rssMiB: Double
    }

    static func tvshell(_ tvshell: String, clip: String, seconds: Double) throws -> Result {
        let shell = try BenchShell.paused(tvshell, clip: clip)
        return try measure(shell.pty.pid, seconds: seconds)
    }

    static func mpv(clip: String, seconds: Double) throws -> Result? {
        guard let mpv = Spawn.which("mpv") else { return nil }
        let pty = try PtyProcess([mpv, "--vo=tct", "--ao=null", "--pause", "--really-quiet", "--no-config", clip],
                                 columns: 160, rows: 48, environment: benchEnvironment())
        defer { _ = pty.stop() }
        Thread.sleep(forTimeInterval: 1)
        return try measure(pty.pid, seconds: seconds)
    }

    private static func measure(_ pid: Int32, seconds: Double) throws -> Result {
        Thread.sleep(forTimeInterval: 1)
        guard let before = ProcessSample.read(pid) else { throw SpawnError(message: "cannot read /proc/\(pid)") }
        Thread.sleep(forTimeInterval: seconds)
        guard let after = ProcessSample.read(pid) else { throw SpawnError(message: "cannot read /proc/\(pid)") }
        return Result(
            cpuPercent: (after.cpuSeconds - before.cpuSeconds) / seconds * 100,
            wakeupsPerSecond: Double(after.contextSwitches - before.contextSwitches) / seconds,
            rssMiB: Double(after.rssKiB) / 1024)
    }
}
