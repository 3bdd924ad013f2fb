import Foundation
import ShellProbes

/// The CPU a slow download costs: a lineup and a guide trickling in from a
/// local server, read by `tvshell lineup inspect`, beside curl reading the
/// same answer at the same rate (`tvshell-bench TVSHELL downloads`).
enum DownloadBenchmark {
    static func report(tvshell: String) throws {
        print("\n== slow downloads (a local server sending 30 kB/s), CPU of the whole process against curl's")
        let lineup = "#EXTM3U\n" + (1...1500).map { "#EXTINF:-1 tvg-id=\"c\($0)\",Channel \($0)\nhttp://tv.example/\($0).ts\n" }.joined()
        let programmes = (0..<600).map {
            "<programme start=\"20261205\(String(format: "%02d", $0 % 24))0000 +0000\" stop=\"20261205\(String(format: "%02d", $0 % 24))3000 +0000\" channel=\"c\($0 % 50)\"><title>Show \($0)</title></programme>\n"
        }
        let guide = "<?xml version=\"1.0\"?>\n<tv>\n" + (0..<50).map { "<channel id=\"c\($0)\"><display-name>C\($0)</display-name></channel>\n" }.joined()
            + programmes.joined() + "</tv>\n"
        let server = try LocalHTTPServer(files: ["l.m3u": Data(lineup.utf8), "g.xml": Data(guide.utf8)])
        defer { server.stop() }
        server.inject(.rate(30_000))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tvshell-bench-downloads-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let local = scratch.appendingPathComponent("one.m3u").path
        try "#EXTM3U\n#EXTINF:-1 tvg-id=\"c1\",C1\nhttp://tv.example/1.ts\n".write(toFile: local, atomically: true, encoding: .utf8)
        let environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": scratch.path, "HOME": scratch.path]) { $1 }
        for (name, bytes, command) in [
            ("lineup", lineup.utf8.count, [tvshell, "lineup", "inspect", server.url("l.m3u")]),
            ("guide", guide.utf8.count, [tvshell, "lineup", "inspect", local, "--guide", server.url("g.xml")]),
        ] {
            let ours = try Spawn.measure(command, environment: environment)
            let url = name == "lineup" ? server.url("l.m3u") : server.url("g.xml")
            let curl = try Spawn.measure(["curl", "-s", "-o", "/dev/null", url])
            print("  \(name) of \(bytes / 1000) kB: tvshell \(fixed(ours.seconds, 1)) s, CPU \(fixed(ours.cpuSeconds, 2)) s (\(fixed(ours.cpuSeconds / ours.seconds * 100, 1)) % of a core); "
                + "curl \(fixed(curl.seconds, 1)) s, CPU \(fixed(curl.cpuSeconds, 2)) s   (target: the wait costs nothing; parsing is the rest)")
        }
    }
}
