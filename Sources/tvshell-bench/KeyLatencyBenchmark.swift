import ShellProbes

/// Key press → screen updated: tvshell on a pty at 160×48, paused over the
/// picture; each RIGHT / LEFT moves the scrub head; the time from writing the
/// key to the first byte of the redraw is one sample.
enum KeyLatencyBenchmark {
    /// `thumbnails`: scrub thumbnails on (the default) or off.
    static func run(tvshell: String, clip: String, presses: Int = 300, thumbnails: Bool = true) throws -> Statistics {
        let shell = try BenchShell.paused(tvshell, clip: clip, config: thumbnails ? nil : "[scrub]\nthumbnails = false\n")
        shell.pty.waitForQuiet(0.3)
        var samples: [Double] = []
        let right: [UInt8] = [0x1B, 0x4F, 0x43], left: [UInt8] = [0x1B, 0x4F, 0x44]
        for i in 0..<presses {
            _ = shell.pty.mark()
            shell.pty.type(i % 2 == 0 ? right : left)
            if let latency = shell.pty.waitForOutputAfterMark(timeout: 1) { samples.append(latency * 1000) }
            shell.pty.waitForQuiet(0.015)
        }
        return Statistics(samples)
    }

    /// While playing: ENTER shows / hides the transport bar, `presses`
    /// times; with positions saved every 5 s (`remember`) or not. Also the
    /// frames dropped meanwhile.
    static func playing(tvshell: String, clip: String, remember: Bool, presses: Int = 200) throws -> (Statistics, dropped: Int) {
        let shell = try BenchShell.playing(tvshell, clip: clip, remember: remember)
        let before = try shell.ipc.state()["frames_dropped"] as? Int ?? 0
        var samples: [Double] = []
        for _ in 0..<presses {
            _ = shell.pty.mark()
            shell.pty.type([0x0D])
            if let latency = shell.pty.waitForOutputAfterMark(timeout: 1) { samples.append(latency * 1000) }
            shell.pty.waitForQuiet(0.03, timeout: 0.2)
        }
        let after = try shell.ipc.state()["frames_dropped"] as? Int ?? 0
        return (Statistics(samples), after - before)
    }
}
