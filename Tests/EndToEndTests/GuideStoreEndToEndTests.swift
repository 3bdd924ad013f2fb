import Foundation
import ShellTesting
import Testing

/// The guide given by `--guide` (or the lineup's `x-tvg-url`) is in the
/// store and the shell holds it.
func guideStored(_ state: [String: Any]) -> Bool {
    guard let status = state["guide_status"] as? [String: Any] else { return false }
    return status["refreshing"] as? Bool == false && status["refreshed"] is Double
}

/// A lineup of two lavfi channels in `dir`: 1 Alpha (tvg-id "a") and 2
/// Bravo ("b"), for guides written by the test.
func alphaBravoLineup(in dir: URL) throws -> URL {
    let lineup = dir.appendingPathComponent("tv.m3u")
    try """
    #EXTM3U
    #EXTINF:-1 tvg-id="a" tvg-chno="1",Alpha
    av://lavfi:testsrc2=size=160x90:rate=25
    #EXTINF:-1 tvg-id="b" tvg-chno="2",Bravo
    av://lavfi:smptebars=size=160x90:rate=25
    """.write(to: lineup, atomically: true, encoding: .utf8)
    return lineup
}

/// XMLTV "YYYYMMDDhhmmss +0000" of `t`.
func xmltv(_ t: Double) -> String {
    let formatter = DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMddHHmmss"
    return formatter.string(from: Date(timeIntervalSince1970: t)) + " +0000"
}

private func gzip(_ data: Data, in dir: URL) throws -> Data {
    let file = dir.appendingPathComponent("g-\(UUID().uuidString).xml")
    try data.write(to: file)
    let made = try Spawn.run(["gzip", "-9", file.path])
    #expect(made.status == 0)
    return try Data(contentsOf: URL(fileURLWithPath: file.path + ".gz"))
}

@Suite("The stored guide, end to end", .serialized)
struct GuideStoreEndToEndTests {
    @Test("a gzipped guide named by the lineup's x-tvg-url is fetched over HTTP, stored, shown; the next start shows it at once without fetching; a billion-laughs guide is refused with a message and the old guide stays")
    func storedGuide() throws {
        let dir = TVShellBinary.scratchDirectory("guide-store")
        defer { try? FileManager.default.removeItem(at: dir) }
        let now = Date().timeIntervalSince1970
        let slot = (now / 1800).rounded(.down) * 1800
        let programmes = (-2..<6).map { i in
            "<programme start=\"\(xmltv(slot + Double(i) * 1800))\" stop=\"\(xmltv(slot + Double(i + 1) * 1800))\" channel=\"a.tv\"><title>\(i == 0 ? "Stored Show" : "Other \(i)")</title></programme>"
        }.joined()
        let guide = "<tv><channel id=\"a.tv\"><display-name>Alpha</display-name></channel>\(programmes)</tv>"
        let hostile = """
            <?xml version="1.0"?><!DOCTYPE tv [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>
            <tv><programme start="\(xmltv(slot))" channel="a.tv"><title>&c;</title></programme></tv>
            """
        let server = try LocalHTTPServer(files: [
            "guide.xml.gz": try gzip(Data(guide.utf8), in: dir), "laughs.xml": Data(hostile.utf8),
        ])
        defer { server.stop() }
        let lineup = dir.appendingPathComponent("lineup.m3u")
        try """
            #EXTM3U x-tvg-url="\(server.url("guide.xml.gz"))"
            #EXTINF:-1 tvg-id="a.tv",Alpha
            av://lavfi:testsrc2=size=160x90:rate=25
            """.write(to: lineup, atomically: true, encoding: .utf8)
        let home = ParentalHome(dir.appendingPathComponent("home"))

        do {
            let shell = try ShellUnderTest(["--home", lineup.path], home: home)
            try shell.ipc.waitForState(timeout: 20) { guideStored($0) }
            #expect(shell.tmux.waitFor { $0.contains("Stored Show") && $0.contains("guide updated") }.ok, "\(shell.tmux.capture())")
            #expect(server.requests.filter { $0.contains("guide.xml.gz") }.count == 1)
            _ = try shell.ipc.request(["quit"])
            #expect(shell.waitForExit() == 0)
        }
        do {
            let shell = try ShellUnderTest(["--home", lineup.path], home: home)
            #expect(shell.tmux.waitFor { $0.contains("Stored Show") }.ok, "\(shell.tmux.capture())")
            let state = try shell.ipc.waitForState { $0["guide_status"] is [String: Any] }
            #expect(guideStored(state))
            #expect(server.requests.filter { $0.contains("guide.xml.gz") }.count == 1, "a fresh store is not fetched again")
            _ = try shell.ipc.request(["quit"])
            #expect(shell.waitForExit() == 0)
        }
        do {
            let shell = try ShellUnderTest(["--home", lineup.path, "--guide", server.url("laughs.xml")], home: home)
            let state = try shell.ipc.waitForState(timeout: 20) { ($0["guide_status"] as? [String: Any])?["problem"] is String }
            let problem = (state["guide_status"] as? [String: Any])?["problem"] as? String ?? ""
            #expect(problem.contains("declares its own entities") && problem.contains("the guide kept is the one from before"), "\(problem)")
            #expect(shell.tmux.waitFor { $0.contains("Stored Show") && $0.contains("Guide: ") }.ok, "\(shell.tmux.capture())")
        }
    }
}
