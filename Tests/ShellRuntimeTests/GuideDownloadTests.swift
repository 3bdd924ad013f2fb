import Catalog
import Foundation
import GuideStore
import ShellProbes
@testable import ShellRuntime
import Testing

@Suite("A guide downloaded from a real HTTP server")
struct GuideDownloadTests {
    /// What a download gave.
    private enum Got: Equatable {
        /// The file kept, its bytes.
        case success(Data)
        /// Why none.
        case failure(String)
    }

    /// What the download of `path` on `server` gave.
    private func fetch(_ path: String, from server: LocalHTTPServer, cache: URL, limit: Int64 = GuideDownload.largest,
                       spare: Int64 = GuideDownload.spareDefault) -> Got {
        let download = GuideDownload(sources: [server.url(path)], cacheDirectory: cache.path, idleTimeout: 10, limit: limit, spare: spare)
        switch download.inputs.first?.content {
        case .source(.path(let file)): return (try? Data(contentsOf: URL(fileURLWithPath: file))).map { .success($0) } ?? .failure("unreadable")
        case .unavailable(let reason): return .failure(reason)
        default: return .failure("no input")
        }
    }

    /// The files the cache holds beside its keepers' metadata: a refused
    /// download leaves neither a guide nor a part file.
    private func kept(_ cache: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []).filter { !$0.hasSuffix(".json") }.sorted()
    }

    @Test("a channel's video stream or text given for the guide is refused at its first bytes with the reason, nothing kept; a web page too; a guide, plain or gzip, is kept")
    func plainlyNoGuide() throws {
        let cache = TVShellBinary.scratchDirectory("guide-download-content")
        defer { try? FileManager.default.removeItem(at: cache) }
        var stream = Data()
        for index in 0..<20_000 { stream += Data([0x47, 0x40, 0x11, UInt8(index & 0x0F)]) + Data(count: 184) }
        let page = Data("<!DOCTYPE html><html><head><title>Account expired</title></head><body>Renew</body></html>".utf8)
        let xhtml = Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- served by the provider's panel -->
            <HTML xmlns="http://www.w3.org/1999/xhtml"><body>Login</body></HTML>
            """.utf8)
        // A page with no end: refused at its first bytes, not downloaded to the limit.
        let endless = Data("<html>\n".utf8) + Data(repeating: UInt8(ascii: "x"), count: 3 << 20)
        let doctype = Data("""
            <?xml version="1.0"?>
            <!DOCTYPE tv SYSTEM "xmltv.dtd">
            <!-- <html> pages are not guides -->
            <tv generator-info-name="html-export"><channel id="h"><display-name>&lt;html&gt; TV</display-name></channel></tv>
            """.utf8)
        let guide = GuideServiceTests.guide(now: 1_795_467_600)
        let server = try LocalHTTPServer(files: [
            "stream.ts": stream, "short.ts": stream.prefix(188 * 4), "page.html": page, "xhtml.html": xhtml, "endless.html": endless,
            "notes.txt": Data("Channels: see the site\n".utf8), "guide.xml": guide, "guide.xml.gz": try LineupFileTests.gzipped(guide),
            "doctype.xml": doctype,
        ])
        defer { server.stop() }
        #expect(fetch("stream.ts", from: server, cache: cache) == .failure("is an MPEG-TS video stream, not an XMLTV guide"))
        #expect(fetch("short.ts", from: server, cache: cache) == .failure("is an MPEG-TS video stream, not an XMLTV guide"), "shorter than the bytes looked at")
        for name in ["page.html", "xhtml.html", "endless.html"] {
            #expect(fetch(name, from: server, cache: cache) == .failure("is an HTML page, not XMLTV"), "\(name)")
        }
        #expect(fetch("notes.txt", from: server, cache: cache) == .failure("is not XML, so not an XMLTV guide"))
        #expect(kept(cache).isEmpty, "nothing kept: \(kept(cache))")
        #expect(fetch("guide.xml", from: server, cache: cache) == .success(guide))
        #expect(try fetch("guide.xml.gz", from: server, cache: cache) == .success(LineupFileTests.gzipped(guide)))
        #expect(fetch("doctype.xml", from: server, cache: cache) == .success(doctype), "a guide naming html in its doctype, a comment and text")
        #expect(kept(cache).count == 3)
    }

    @Test("a server that cannot be reached is asked once a run: its other guides say why without a try; another server's guide still comes")
    func unreachableServerAskedOnce() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("guide-unreachable-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let gone = try LocalHTTPServer(files: [:])
        gone.stop()
        let guide = Data("<tv><channel id=\"a\"><display-name>A</display-name></channel></tv>".utf8)
        let live = try LocalHTTPServer(files: ["guide.xml": guide])
        defer { live.stop() }
        let download = GuideDownload(sources: [gone.url("one.xml"), gone.url("two.xml"), live.url("guide.xml"), gone.url("three.xml")],
                                     cacheDirectory: cache.path, idleTimeout: 10)
        let reasons = download.inputs.map { input -> String in
            if case .unavailable(let reason) = input.content { return reason }
            return "kept"
        }
        let skipped = "the connection was refused (not asked: its server could not be reached a moment before)"
        #expect(reasons == ["the connection was refused", skipped, "kept", skipped], "\(reasons)")
        #expect(live.requests.count == 1)
        #expect(GuideDownload.server(of: "http://alice:secret@TV.example:8080/a.xml?x=1") == "http://tv.example:8080")
        #expect(GuideDownload.server(of: "https://tv.example/b.xml") == "https://tv.example:")
    }

    @Test("a download that would go past its limit, or leave its disk with less than the spare bytes, stops with the reason and keeps nothing")
    func boundedOnDisk() throws {
        let cache = TVShellBinary.scratchDirectory("guide-download-bounded")
        defer { try? FileManager.default.removeItem(at: cache) }
        var big = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tv>\n"
        for index in 0..<20_000 { big += "<channel id=\"c\(index)\"><display-name>Channel \(index)</display-name></channel>\n" }
        big += "</tv>\n"
        let server = try LocalHTTPServer(files: ["big.xml": Data(big.utf8)])
        defer { server.stop() }
        #expect(big.utf8.count > 1 << 20)
        #expect(GuideDownload.largest == 4 << 30 && GuideDownload.spareDefault == 128 << 20)
        #expect(fetch("big.xml", from: server, cache: cache, limit: 1 << 20) == .failure("larger than 1 MiB, the most the shell downloads"))
        #expect(fetch("big.xml", from: server, cache: cache, spare: 1 << 60) == .failure("its disk has less than \((1 << 60) >> 20) MiB left: stopped after 0 bytes"))
        #expect(kept(cache).isEmpty, "nothing kept: \(kept(cache))")
        #expect(fetch("big.xml", from: server, cache: cache, limit: 2 << 20) == .success(Data(big.utf8)))
    }

    @Test("progress names the whole the server said for a plain answer, and none for one it sent gzip-encoded (the bytes kept are those unpacked, longer than the length sent)")
    func progressWhole() throws {
        let cache = TVShellBinary.scratchDirectory("guide-download-progress")
        defer { try? FileManager.default.removeItem(at: cache) }
        let guide = GuideServiceTests.guide(now: 1_795_467_600)
        let packed = try LineupFileTests.gzipped(guide)
        let server = try ScriptedHTTPServer { request in
            request.target == "/encoded.xml" ? .init(fields: ["Content-Encoding: gzip"], body: packed) : .init(body: guide)
        }
        defer { server.stop() }
        final class Seen: @unchecked Sendable {
            let lock = NSLock()
            var last: GuideDownload.Progress?
        }
        for (name, whole) in [("plain.xml", Int64(guide.count)), ("encoded.xml", nil)] {
            let seen = Seen()
            let download = GuideDownload(sources: [server.url(name)], cacheDirectory: cache.path, idleTimeout: 10,
                                         progress: { _, progress in seen.lock.withLock { seen.last = progress } })
            guard case .source(.path(let file)) = download.inputs.first?.content else {
                Issue.record("\(name): \(String(describing: download.inputs.first?.content))")
                continue
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == guide, "\(name): kept unpacked")
            let last = try #require(seen.lock.withLock { seen.last }, "\(name): no progress told")
            #expect(last.bytes == Int64(guide.count) && last.total == whole, "\(name): \(last.bytes) of \(String(describing: last.total))")
        }
        #expect(Int64(packed.count) < Int64(guide.count))
    }
}
