import Foundation
import ShellProbes
#if canImport(Glibc)
import Glibc
#endif

/// The guide store against big guides (`tvshell-bench TVSHELL guide`): a
/// generated ~230 MB XMLTV (1 000 channels × 14 days of 30-minute
/// programmes, 200-character descriptions) and a 10 MB guide on one line,
/// each read into the store by `tvshell guide update` (search index
/// included) beside `xmllint --stream --noout` on the same file; then the
/// time to the guide on screen of starts with the store filled (the median
/// of 7, after one that makes the library); then a 50 000-channel M3U.
/// Files are made once in /tmp/tvshell-bench-guide-v2.
enum GuideBenchmark {
    static let directory = "/tmp/tvshell-bench-guide-v2"

    /// The 50 000-channel lineup and the 1 000-channel guide (made once).
    static func files() throws -> (lineup: String, guide: String) {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return (try file("lineup-50000.m3u") { try writeLineup(to: $0, channels: 50_000) },
                try file("big.xml") { try writeGuide(to: $0, channels: 1000, days: 14, oneLine: false) })
    }

    static func report(tvshell: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let big = try file("big.xml") { try writeGuide(to: $0, channels: 1000, days: 14, oneLine: false) }
        let oneLine = try file("one-line.xml") { try writeGuide(to: $0, channels: 40, days: 14, oneLine: true) }
        let lineup1000 = try file("lineup-1000.m3u") { try writeLineup(to: $0, channels: 1000) }
        let lineup50k = try file("lineup-50000.m3u") { try writeLineup(to: $0, channels: 50_000) }
        let xmllint = Spawn.which("xmllint")
        let launch = try Spawn.measure([tvshell, "--version"])

        print("\n== the guide store: XMLTV into SQLite with its search index, against xmllint --stream (targets: ≤ 8× xmllint's time, peak RSS < 250 MiB)")
        for (name, guide, lineup) in [("1 000 channels × 14 days", big, lineup1000), ("one line, 40 channels", oneLine, lineup1000)] {
            let size = Double((try FileManager.default.attributesOfItem(atPath: guide)[.size] as? Int) ?? 0) / 1_048_576
            let state = directory + "/state-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: state) }
            var env = ProcessInfo.processInfo.environment
            env["XDG_STATE_HOME"] = state
            let ours = try Spawn.measure([tvshell, "guide", "update", "--lineup", lineup, "--guide", guide], environment: env)
            var line = "  \(name) (\(fixed(size, 0)) MiB): tvshell \(fixed(ours.seconds, 2)) s (CPU \(fixed(ours.cpuSeconds, 2)) s), peak RSS \(fixed(ours.peakMiB, 0)) MiB"
            if ours.status != 0 { line += " — exit \(ours.status)" }
            if let xmllint {
                let reference = try Spawn.measure([xmllint, "--stream", "--noout", "--huge", guide])
                line += "; xmllint \(fixed(reference.seconds, 2)) s, peak RSS \(fixed(reference.peakMiB, 0)) MiB; ratio \(fixed(ours.seconds / reference.seconds, 1))×"
                line += " (\(fixed((ours.seconds - launch.seconds) / reference.seconds, 1))× without tvshell's \(fixed(launch.seconds * 1000, 0)) ms process start)"
            } else {
                line += "; xmllint not installed (apt install libxml2-utils), no reference"
            }
            print(line)
            if let xmllint {
                let again = try Spawn.measure([tvshell, "guide", "update", "--lineup", lineup, "--guide", guide], environment: env)
                let unchanged = try Spawn.run([tvshell, "guide", "update", "--lineup", lineup, "--guide", guide], environment: env).output
                    .contains("0 programmes changed")
                let reference = try Spawn.measure([xmllint, "--stream", "--noout", "--huge", guide])
                print("    a second refresh of the same file: \(fixed(again.seconds, 2)) s, \(unchanged ? "0 programmes changed" : "the guide rebuilt (expected 0 programmes changed)")"
                      + "; \(fixed(again.seconds / reference.seconds, 2))× xmllint (target ≤ 1.5×)")
            }
            if guide == big {
                print("  second start, 1 000 channels: the stored guide on screen \(try secondStarts(tvshell: tvshell, lineup: lineup, guide: guide, env: env))")
            }
        }

        print("\n== a 50 000-channel M3U")
        for json in [false, true] {
            let cost = try Spawn.measure([tvshell, "lineup", "inspect", lineup50k] + (json ? ["--json"] : []))
            print("  lineup inspect\(json ? " --json" : ""): \(fixed(cost.seconds, 2)) s, peak RSS \(fixed(cost.peakMiB, 0)) MiB")
        }
        let state = directory + "/state-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        var env = ProcessInfo.processInfo.environment
        env["XDG_STATE_HOME"] = state
        let update = try Spawn.measure([tvshell, "guide", "update", "--lineup", lineup50k, "--guide", big], environment: env)
        print("  guide update with the 1 000-channel guide: \(fixed(update.seconds, 2)) s, peak RSS \(fixed(update.peakMiB, 0)) MiB")
        print("  second start: the stored guide on screen \(try secondStarts(tvshell: tvshell, lineup: lineup50k, guide: big, env: env))")
    }

    /// Starts after the first (which makes the library), each timed by
    /// `secondStart`: their median, range and the target.
    private static func secondStarts(tvshell: String, lineup: String, guide: String, env: [String: String], runs: Int = 7) throws -> String {
        _ = try secondStart(tvshell: tvshell, lineup: lineup, guide: guide, env: env)
        let times = try (0..<runs).map { _ in try secondStart(tvshell: tvshell, lineup: lineup, guide: guide, env: env) * 1000 }.sorted()
        return "\(fixed(times[runs / 2], 0)) ms after the start, median of \(runs) (\(fixed(times[0], 0))–\(fixed(times[runs - 1], 0)) ms; target ≤ 500 ms)"
    }

    /// Seconds from spawning the shell (store already filled, fresh) to the
    /// first screen with a programme of the guide on it.
    private static func secondStart(tvshell: String, lineup: String, guide: String, env: [String: String]) throws -> Double {
        let began = monotonic()
        let shell = try PtyProcess(
            [tvshell, "--home", "--lineup", lineup, "--guide", guide, "--video", "none"], columns: 160, rows: 48, environment: env, recording: true)
        defer { _ = shell.stop() }
        let needle = Array("Programme ".utf8)
        let deadline = monotonic() + 15
        while monotonic() < deadline {
            let output = shell.output
            if output.count >= needle.count, (0...(output.count - needle.count)).contains(where: { output[$0..<($0 + needle.count)].elementsEqual(needle) }) {
                return monotonic() - began
            }
            usleep(1000)
        }
        throw SpawnError(message: "no programme on screen within 15 s")
    }

    private static func file(_ name: String, make: (String) throws -> Void) throws -> String {
        let path = directory + "/" + name
        if !FileManager.default.fileExists(atPath: path) {
            print("tvshell-bench: making \(path) …")
            try make(path + ".part")
            try FileManager.default.moveItem(atPath: path + ".part", toPath: path)
        }
        return path
    }

    private static let words = [
        "news", "weather", "river", "journey", "kitchen", "garden", "mystery", "history", "island", "mountain", "city", "engine",
        "football", "concert", "children", "science", "ocean", "market", "village", "detective", "family", "winter", "summer", "desert",
    ]

    /// Programmes from now back a week and on a week: `days` days in all.
    private static func writeGuide(to path: String, channels: Int, days: Int, oneLine: Bool) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? out.close() }
        let newline = oneLine ? "" : "\n"
        var chunk = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\(newline)<tv generator-info-name=\"tvshell-bench\">\(newline)"
        for c in 0..<channels {
            chunk += "<channel id=\"ch\(c).bench\"><display-name>Channel \(c)</display-name><icon src=\"http://example.invalid/\(c).png\"/></channel>\(newline)"
        }
        let first = (Int(Date().timeIntervalSince1970) / 1800) * 1800 - days / 2 * 86400
        var seed: UInt64 = 42
        func word() -> String {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return words[Int(seed >> 33) % words.count]
        }
        for c in 0..<channels {
            for slot in 0..<(days * 48) {
                let start = first + slot * 1800
                var desc = ""
                while desc.utf8.count < 200 { desc += (desc.isEmpty ? "" : " ") + word() }
                chunk += "<programme start=\"\(stamp(start))\" stop=\"\(stamp(start + 1800))\" channel=\"ch\(c).bench\"><title lang=\"en\">Programme \(c)-\(slot) \(word())</title>"
                    + "<desc lang=\"en\">\(desc.prefix(200))</desc></programme>\(newline)"
                if chunk.utf8.count > 1 << 20 {
                    out.write(Data(chunk.utf8))
                    chunk = ""
                }
            }
        }
        chunk += "</tv>\n"
        out.write(Data(chunk.utf8))
    }

    private static func writeLineup(to path: String, channels: Int) throws {
        var text = "#EXTM3U\n"
        for c in 0..<channels {
            let id = c < 1000 ? "ch\(c).bench" : "extra\(c).bench"
            text += "#EXTINF:-1 tvg-id=\"\(id)\" tvg-chno=\"\(c + 1)\" tvg-logo=\"http://example.invalid/\(c).png\" group-title=\"Group \(c % 40)\",Channel \(c)\n"
            text += "http://example.invalid/live/\(c).m3u8\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private static func stamp(_ t: Int) -> String { CatalogBenchmark.stamp(t) }

    private static func monotonic() -> Double { CatalogBenchmark.now() }
}
