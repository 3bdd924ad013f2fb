import Foundation
import ShellTesting
import Testing

/// `tvshell guide update` against a real HTTP server: a source that is not
/// a guide of the lineup's channels never costs the stored guide, an
/// unchanged guide is not downloaded again, a slow one is waited for while
/// bytes come.
@Suite("Guide update, end to end")
struct GuideUpdateEndToEndTests {
    /// A guide of channel a.tv around now, `padding` bytes of description a programme.
    static func guide(title: String, padding: Int = 0) -> String {
        let now = Date().timeIntervalSince1970
        let slot = (now / 1800).rounded(.down) * 1800
        let description = padding > 0 ? "<desc>\(String(repeating: "x", count: padding))</desc>" : ""
        let programmes = (-2..<40).map { i in
            "<programme start=\"\(xmltv(slot + Double(i) * 1800))\" stop=\"\(xmltv(slot + Double(i + 1) * 1800))\" channel=\"a.tv\"><title>\(i == 0 ? title : "Other \(i)")</title>\(description)</programme>"
        }.joined()
        return "<?xml version=\"1.0\"?>\n<tv><channel id=\"a.tv\"><display-name>Alpha</display-name></channel>\(programmes)</tv>\n"
    }

    /// Runs `tvshell ARGS` with its own home (store, cache).
    static func tvshell(_ arguments: [String], home: URL) throws -> (status: Int32, output: String) {
        try Spawn.run(["sh", "-c", "exec \"$0\" \"$@\" 2>&1", TVShellBinary.path] + arguments,
                      environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
    }

    static func lineup(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("lineup.m3u").path
        try "#EXTM3U\n#EXTINF:-1 tvg-id=\"a.tv\",Alpha\nav://lavfi:testsrc2\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("[guide] store puts the guide where the config says: guide update and guide search with --config use it, and play with that config shows it at once without fetching")
    func configuredStore() throws {
        let dir = TVShellBinary.scratchDirectory("guide-store-place")
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try LocalHTTPServer(files: ["guide.xml": Data(Self.guide(title: "Placed Show").utf8)])
        defer { server.stop() }
        let m3u = try Self.lineup(in: dir)
        let place = dir.appendingPathComponent("usb/tv/guide.sqlite3").path
        let config = dir.appendingPathComponent("config.toml").path
        try "[guide]\nstore = \"\(place)\"\n".write(toFile: config, atomically: true, encoding: .utf8)

        let update = try Self.tvshell(["guide", "update", "--config", config, "--lineup", m3u, "--guide", server.url("guide.xml")], home: dir)
        #expect(update.status == 0, "\(update.output)")
        #expect(FileManager.default.fileExists(atPath: place), "the store is where [guide] store says")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(".local/state/tvshell/guide.sqlite3").path), "not at the default place")
        #expect(try Self.tvshell(["guide", "search", "--config", config, "Placed"], home: dir).output.contains("Placed Show"))
        let elsewhere = try Self.tvshell(["guide", "search", "Placed"], home: dir)
        #expect(elsewhere.status == 66 && elsewhere.output.contains("no stored guide"), "without the config, the default place: \(elsewhere.output)")
        let wrong = dir.appendingPathComponent("wrong.toml").path
        try "[guide]\nstore = \"relative/guide.sqlite3\"\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        let refused = try Self.tvshell(["guide", "search", "--config", wrong, "Placed"], home: dir)
        #expect(refused.output.contains("guide.store: expected an absolute path to a file in quotes; using the default guide store"), "\(refused.output)")

        let fetched = server.requests.count
        let home = ParentalHome(dir)
        let shell = try ShellUnderTest(["--home", "--config", config, "--guide", server.url("guide.xml"), m3u], home: home)
        #expect(shell.tmux.waitFor { $0.contains("Placed Show") }.ok, "\(shell.tmux.capture())")
        #expect(server.requests.count == fetched, "a fresh store at its place is not fetched again")
        _ = try shell.ipc.request(["quit"])
        #expect(shell.waitForExit() == 0)
    }

    @Test("an HTML page served with 200, an empty <tv/> and a guide of other channels each keep the stored guide and exit non-zero with the reason; an unchanged guide is asked for with If-None-Match and not downloaded again")
    func keepsTheGuide() throws {
        let dir = TVShellBinary.scratchDirectory("guide-update")
        defer { try? FileManager.default.removeItem(at: dir) }
        let other = "<?xml version=\"1.0\"?>\n<tv><programme start=\"\(xmltv(Date().timeIntervalSince1970))\" channel=\"b.tv\"><title>Elsewhere</title></programme></tv>\n"
        let server = try LocalHTTPServer(files: [
            "guide.xml": Data(Self.guide(title: "Kept Show").utf8),
            "expired.html": Data("<!DOCTYPE html>\n<html><body><h1>Your subscription has expired</h1></body></html>\n".utf8),
            "empty.xml": Data("<?xml version=\"1.0\"?>\n<tv/>\n".utf8),
            "other.xml": Data(other.utf8),
            "channel.ts": Data((0..<2_000).flatMap { _ in [UInt8(0x47), 0x40, 0x11, 0x10] + [UInt8](repeating: 0xFF, count: 184) }),
        ])
        defer { server.stop() }
        let m3u = try Self.lineup(in: dir)

        let first = try Self.tvshell(["guide", "update", "--lineup", m3u, "--guide", server.url("guide.xml")], home: dir)
        #expect(first.status == 0, "\(first.output)")
        #expect(try Self.tvshell(["guide", "search", "Kept"], home: dir).output.contains("Kept Show"))

        let again = try Self.tvshell(["guide", "update", "--lineup", m3u, "--guide", server.url("guide.xml")], home: dir)
        #expect(again.status == 0, "\(again.output)")
        #expect(again.output.contains("unchanged since the last download"), "\(again.output)")
        let asked = server.requestHeaders.last ?? [:]
        #expect(asked["if-none-match"] != nil, "the second refresh asks with the ETag: \(asked)")

        for (path, reason) in [("expired.html", "is an HTML page, not XMLTV"), ("empty.xml", "has no programmes"),
                               ("other.xml", "none of them on the lineup's channels")] {
            let bad = try Self.tvshell(["guide", "update", "--lineup", m3u, "--guide", server.url(path)], home: dir)
            #expect(bad.status == 65, "\(path): \(bad.output)")
            #expect(bad.output.contains(reason) && bad.output.contains("kept the guide of"), "\(path): \(bad.output)")
            let search = try Self.tvshell(["guide", "search", "Kept"], home: dir)
            #expect(search.output.contains("Kept Show"), "after \(path) the guide is still there: \(search.output)")
        }
        let stream = try Self.tvshell(["guide", "update", "--lineup", m3u, "--guide", server.url("channel.ts")], home: dir)
        #expect(stream.status != 0 && stream.output.contains("is an MPEG-TS video stream, not an XMLTV guide") && stream.output.contains("kept the guide of"),
                "a channel's stream given for the guide: \(stream.output)")
        #expect(try Self.tvshell(["guide", "search", "Kept"], home: dir).output.contains("Kept Show"))
        let withAccount = server.url("expired.html").replacingOccurrences(of: "http://", with: "http://viewer:s3cret@")
        let secret = try Self.tvshell(["guide", "update", "--lineup", m3u, "--guide", withAccount], home: dir)
        #expect(secret.status == 65 && !secret.output.contains("s3cret") && secret.output.contains("***"), "the account is not printed: \(secret.output)")
    }

    @Test("a guide server's cookie is neither sent back nor kept: no cookie store is written under the home (Foundation's shared one goes to ~/.local/share)")
    func noCookies() throws {
        let dir = TVShellBinary.scratchDirectory("guide-cookies")
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try LocalHTTPServer(files: [
            "guide.xml": Data(Self.guide(title: "Kept Show").utf8),
            "lineup.m3u": Data("#EXTM3U\n#EXTINF:-1 tvg-id=\"a.tv\",Alpha\nav://lavfi:testsrc2\n".utf8),
        ])
        defer { server.stop() }
        server.answerWith(fields: ["Set-Cookie: portal=s3cret; Path=/; Expires=Wed, 01 Jan 2031 00:00:00 GMT", "Cache-Control: public, max-age=3600"])
        for _ in 0..<2 {
            let update = try Self.tvshell(["guide", "update", "--lineup", server.url("lineup.m3u"), "--guide", server.url("guide.xml")], home: dir)
            #expect(update.status == 0, "\(update.output)")
        }
        #expect(server.requests.filter { $0 == "/lineup.m3u" }.count == 2 && server.requests.filter { $0 == "/guide.xml" }.count == 2)
        #expect(server.requestHeaders.allSatisfy { $0["cookie"] == nil }, "\(server.requestHeaders)")
        let files = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
        #expect(!files.contains { $0.hasSuffix(".cookies.shared") || $0.contains("s3cret") }, "\(files)")
        for file in files where !file.hasSuffix(".sqlite3") {
            let text = (try? String(contentsOfFile: dir.path + "/" + file, encoding: .utf8)) ?? ""
            #expect(!text.contains("s3cret"), "the cookie kept in \(file)")
        }
    }

    @Test("a download's part file left by a process that is gone (killed between the download and its rename) is removed by the next download; one of a running process stays")
    func abandonedPartsRemoved() throws {
        let dir = TVShellBinary.scratchDirectory("guide-parts")
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try LocalHTTPServer(files: ["guide.xml": Data(Self.guide(title: "Fresh Show").utf8)])
        defer { server.stop() }
        let m3u = try Self.lineup(in: dir)
        let cache = dir.appendingPathComponent(".cache/tvshell/guides")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let abandoned = cache.appendingPathComponent("0123456789abcdef.guide.part-\(gone.processIdentifier)-1a2b3c4d")
        let running = cache.appendingPathComponent("0123456789abcdef.guide.part-\(getpid())-5e6f7a8b")
        for file in [abandoned, running] { try Data(repeating: 0x3C, count: 4096).write(to: file) }

        let update = try Self.tvshell(["guide", "update", "--lineup", m3u, "--guide", server.url("guide.xml")], home: dir)
        #expect(update.status == 0, "\(update.output)")
        #expect(!FileManager.default.fileExists(atPath: abandoned.path), "the part of process \(gone.processIdentifier), gone, is removed")
        #expect(FileManager.default.fileExists(atPath: running.path), "the part of a running process stays")
        let left = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.contains(".part-") }
        #expect(left == [running.lastPathComponent], "no part of this download left either: \(left)")
    }

    @Test("a download is written straight into its part file beside the cache, nothing of it in the temporary folder (a tmpfs in memory on many boxes)")
    func downloadsBesideTheCache() throws {
        let dir = TVShellBinary.scratchDirectory("guide-straight")
        defer { try? FileManager.default.removeItem(at: dir) }
        let body = Data(Self.guide(title: "Straight Show", padding: 31_000).utf8)
        let server = try LocalHTTPServer(files: ["big.xml": body])
        defer { server.stop() }
        server.inject(.rate(250_000), pathSuffix: "big.xml")
        let m3u = try Self.lineup(in: dir)
        let temporary = dir.appendingPathComponent("tmp")
        let cache = dir.appendingPathComponent(".cache/tvshell/guides")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let pid = try Spawn.start([TVShellBinary.path, "guide", "update", "--lineup", m3u, "--guide", server.url("big.xml")],
                                  environment: ["HOME": dir.path, "TMPDIR": temporary.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
                                  outputPath: dir.appendingPathComponent("update.log").path)
        func partBytes() -> Int {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
            return names.filter { $0.contains(".part-") }.compactMap {
                (try? FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent($0).path))?[.size] as? Int
            }.max() ?? 0
        }
        // Looked at every 50 ms while the download runs (about 5 s).
        var temporaryFiles = Set<String>(), partSizes = Set<Int>(), status: Int32 = 0
        let deadline = Deadline(in: 60)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if deadline.hasPassed { Spawn.terminate(pid); break }
            temporaryFiles.formUnion((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [])
            partSizes.insert(partBytes())
            usleep(50_000)
        }
        #expect(status == 0, "\((try? String(contentsOf: dir.appendingPathComponent("update.log"), encoding: .utf8)) ?? "")")
        let growing = partSizes.filter { $0 > 0 && $0 < body.count }
        #expect(growing.count >= 5, "the part file grew while the guide came: \(partSizes.sorted()) of \(body.count) bytes")
        #expect(temporaryFiles.isEmpty, "nothing in the temporary folder: \(temporaryFiles)")
        #expect(try Self.tvshell(["guide", "search", "Straight"], home: dir).output.contains("Straight Show"))
    }

    @Test("a guide served at 20 KB/s for over a minute is stored: the download gives up on silence, not on its length")
    func slowGuide() throws {
        let dir = TVShellBinary.scratchDirectory("guide-slow")
        defer { try? FileManager.default.removeItem(at: dir) }
        let body = Data(Self.guide(title: "Slow Show", padding: 31_000).utf8)
        #expect(body.count > 1_300_000)
        let server = try LocalHTTPServer(files: ["slow.xml": body])
        defer { server.stop() }
        server.inject(.rate(20_000), pathSuffix: "slow.xml")
        let m3u = try Self.lineup(in: dir)
        let began = Stopwatch()
        let update = try Self.tvshell(["guide", "update", "--lineup", m3u, "--guide", server.url("slow.xml")], home: dir)
        #expect(began.elapsed > 60)
        #expect(update.status == 0, "\(update.output)")
        #expect(try Self.tvshell(["guide", "search", "Slow"], home: dir).output.contains("Slow Show"))
    }
}
