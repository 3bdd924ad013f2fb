import Catalog
import Foundation
import ShellProbes
@testable import ShellRuntime
import Testing

@Suite("A guide read by lineup inspect")
struct GuideReadTests {
    @Test("a guide URL is downloaded to a folder of the process's own, read as its file is and removed; a page or a stream is refused at its first bytes; one slower than allowed in all is given up with the reason; folders of gone processes are removed")
    func guideURL() throws {
        let base = TVShellBinary.scratchDirectory("guide-read").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let guide = GuideServiceTests.guide(now: 1_795_467_600)
        let file = base + "/../guide-read-\(getpid()).xml"
        try guide.write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let server = try LocalHTTPServer(files: [
            "guide.xml": guide, "guide.xml.gz": try LineupFileTests.gzipped(guide),
            "expired.html": Data("<!doctype html>\n<html><body>Your subscription has expired</body></html>\n".utf8),
            "seven.ts": Data((0..<40).flatMap { _ in [UInt8(0x47), 0x40, 0x11, 0x10] + [UInt8](repeating: 0xFF, count: 184) }),
            "slow.xml": guide,
        ])
        defer { server.stop() }
        let abandoned = base + "/2147483646"
        // Its pid given to a process that started later (this one).
        let reused = base + "/\(getpid())-\(try #require(InputLoader.processStart(getpid())) - 1)"
        for folder in [abandoned, reused] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: folder + "/guide.part", contents: guide))
        }
        // A running process's (init's, as another inspect's would be).
        let other = base + "/1-\(try #require(InputLoader.processStart(1)))"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)

        let local = try InputLoader.guide(file)
        #expect(local.programmes.count == 2)
        #expect(try InputLoader.guide(server.url("guide.xml"), base: base) == local)
        #expect(!FileManager.default.fileExists(atPath: abandoned), "a gone process's folder is removed")
        #expect(!FileManager.default.fileExists(atPath: reused), "the folder of a gone process whose pid was given again is removed")
        #expect(FileManager.default.fileExists(atPath: other), "a running process's folder stays")
        try FileManager.default.removeItem(atPath: other)
        #expect(try InputLoader.guide(server.url("guide.xml.gz"), base: base) == local)
        #expect(try FileManager.default.contentsOfDirectory(atPath: base).isEmpty, "nothing left behind")
        #expect(InputLoader.processStart(2147483646) == nil)

        for (name, reason) in [("expired.html", "is an HTML page, not XMLTV"), ("seven.ts", "is an MPEG-TS video stream, not an XMLTV guide")] {
            #expect(throws: InputLoader.Failure.self) { try InputLoader.guide(server.url(name), base: base) }
            do {
                _ = try InputLoader.guide(server.url(name), base: base)
            } catch let failure as InputLoader.Failure {
                #expect(failure.description == "\(server.url(name)): \(reason)")
            }
        }

        server.inject(.trickle, pathSuffix: "slow.xml")
        do {
            _ = try InputLoader.guide(server.url("slow.xml"), timeout: 3, whole: 2, base: base)
            Issue.record("a guide that keeps trickling is given up at its deadline")
        } catch let failure as InputLoader.Failure {
            #expect(failure.reason.hasPrefix("not all of it came in 2 s (given up after "), "\(failure.reason)")
        }
        server.inject(nil)
        let left = try FileManager.default.contentsOfDirectory(atPath: base)
        #expect(left.isEmpty, "nothing left behind: \(left)")
    }
}
