import ShellProbes

/// Key press → screen updated: tvshell on a pty at 160×48, paused over the
/// picture; each RIGHT / LEFT moves the scrub head; the time from writing the
/// key to the first byte of the redraw is one sample.
enum KeyLatencyBenchmark {
    static func run(tvshell: String, clip: String, presses: Int = 300) throws -> Statistics {
        let shell = try BenchShell.paused(tvshell, clip: clip)
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
}
