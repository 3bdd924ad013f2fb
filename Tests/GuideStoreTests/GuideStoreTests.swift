import Catalog
import Foundation
import GuideStore
import MediaModel
import Testing

/// A fresh directory for one test's store.
private func storePath() throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("guide-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.appendingPathComponent("guide.sqlite3").path
}

/// Seconds since 1970 of a UTC wall-clock time.
private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Double {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!.timeIntervalSince1970
}

/// XMLTV's time form of `t` (UTC).
private func xmltvStamp(_ t: Double) -> String {
    let c = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date(timeIntervalSince1970: t))
    return String(format: "%04d%02d%02d%02d%02d00 +0000", c.year!, c.month!, c.day!, c.hour!, c.minute!)
}

/// A gzipped copy of `path`, in a directory of its own.
private func gzip(_ path: String) throws -> String {
    let copy = (try storePath() as NSString).deletingLastPathComponent + "/" + (path as NSString).lastPathComponent
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    let gzip = Process()
    gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
    gzip.arguments = ["-9", copy]
    try gzip.run()
    gzip.waitUntilExit()
    return copy + ".gz"
}

private func lineup(_ text: String) -> Lineup { M3UParser.parse(text) }

private func refresh(_ path: String, _ lineup: Lineup, _ files: [String]) throws -> GuideRefreshReport {
    try GuideBuilder.refresh(path: path, targets: lineup.guideTargets, inputs: files.map { GuideInput(label: $0, content: .source(.path($0))) })
}

private let allTime = (from: -1e12, to: 1e12)

private let kera = "I10436.labs.zap2it.com"

@Suite("The guide store: streamed in, matched to the lineup, shifted, searchable")
struct GuideStoreTests {
    @Test("every shared guide lands at its times, from the file and from its gzip, keyed by the lineup's channels")
    func sharedGuides() throws {
        for name in ["xmltv_project_t_data_test.xml", "xmltv_wiki_schedulesdirect_2008_sample.xml"] {
            let file = SharedData.directory.appendingPathComponent(name).path
            let parsed = XMLTVParser.parse(path: file)
            let ids = Set(parsed.programmes.map(\.channel)).sorted()
            let m3u = "#EXTM3U\n" + ids.map { "#EXTINF:-1 tvg-id=\"\($0)\",\($0)\nhttp://x.invalid/\($0)\n" }.joined()
            for source in [file, try gzip(file)] {
                let path = try storePath()
                let report = try refresh(path, lineup(m3u), [source])
                #expect(report.replaced && report.channelsMatched == ids.count && report.programmes == parsed.programmes.count, "\(source): \(report)")
                let stored = try GuideStore(path: path).window(from: allTime.from, to: allTime.to)
                #expect(stored.channelIDs == parsed.index.channelIDs, "\(source)")
                for id in ids { #expect(stored.programmes(for: id) == parsed.index.programmes(for: id), "\(source): \(id)") }
            }
        }
        let path = try storePath()
        let file = SharedData.directory.appendingPathComponent("xmltv_project_t_data_test.xml").path
        _ = try refresh(path, lineup("#EXTM3U\n#EXTINF:-1 tvg-id=\"3sat.de\",3sat\nhttp://x.invalid/3\n"), [try gzip(file)])
        let blah = try GuideStore(path: path).window(from: allTime.from, to: allTime.to).programmes(for: "3sat.de")
        #expect(blah.map(\.start) == [utc(2000, 6, 3, 16, 33)])
        #expect(blah.first?.ratings.first?.resolved?.code == "PG" && blah.first?.categories == ["Comedy"] && blah.first?.episode == "2 . 9 . 0/1")
    }

    @Test("tvg-shift ±2.5 h (the channel's, else the header's) and a channel matched only by its name land at exact times")
    func shiftsAndNames() throws {
        let file = SharedData.directory.appendingPathComponent("xmltv_wiki_schedulesdirect_2008_sample.xml").path
        let path = try storePath()
        let minus = lineup("""
            #EXTM3U tvg-shift="-2.5"
            #EXTINF:-1 tvg-id="\(kera)" tvg-shift="+2.5",KERA
            http://x.invalid/kera
            #EXTINF:-1,ktvt
            http://x.invalid/ktvt
            #EXTINF:-1 tvg-id="nowhere",Nowhere
            http://x.invalid/none
            """)
        let report = try refresh(path, minus, [file])
        #expect(report.channels == 3 && report.channelsMatched == 2)
        let stored = try GuideStore(path: path).window(from: allTime.from, to: allTime.to)
        #expect(minus.guideTargets.map(\.key) == ["\(kera)@+2.5h", "ktvt@-2.5h", "nowhere@-2.5h"])
        // 00:30 -0600 is 06:30 UTC; +2.5 h is 09:00.
        #expect(stored.programmes(for: "\(kera)@+2.5h").first.map { [$0.start, $0.stop] } == [utc(2008, 7, 15, 9, 0), utc(2008, 7, 15, 9, 30)])
        // KTVT (by display name "KTVT"): 06:00 -0600 is 12:00 UTC; −2.5 h is 09:30.
        #expect(stored.programmes(for: "ktvt@-2.5h").first.map { [$0.start, $0.stop] } == [utc(2008, 7, 15, 9, 30), utc(2008, 7, 15, 11, 30)])
        #expect(stored.programmes(for: "nowhere@-2.5h").isEmpty)
        #expect(Set(stored.channelIDs) == ["\(kera)@+2.5h", "ktvt@-2.5h"])
    }

    @Test("only the lineup's channels are kept; several sources fill in, the first programme of a slot wins")
    func keepsLineupChannels() throws {
        let dir = (try storePath() as NSString).deletingLastPathComponent
        let a = dir + "/a.xml", b = dir + "/b.xml"
        try """
            <tv><channel id="one"><display-name>One</display-name></channel><channel id="two"><display-name>Two</display-name></channel>
            <programme start="20240101120000 +0000" stop="20240101130000 +0000" channel="one"><title>From A</title></programme>
            <programme start="20240101120000 +0000" stop="20240101130000 +0000" channel="two"><title>Dropped</title></programme></tv>
            """.write(toFile: a, atomically: true, encoding: .utf8)
        try """
            <tv><channel id="one"><display-name>One</display-name></channel>
            <programme start="20240101120000 +0000" stop="20240101130000 +0000" channel="one"><title>From B</title></programme>
            <programme start="20240101130000 +0000" channel="one"><title>Later</title></programme>
            <programme start="20240101140000 +0000" stop="20240101150000 +0000" channel="one"><title>Last</title></programme></tv>
            """.write(toFile: b, atomically: true, encoding: .utf8)
        let path = dir + "/guide.sqlite3"
        let report = try refresh(path, lineup("#EXTM3U\n#EXTINF:-1 tvg-id=\"one\",One\nhttp://x.invalid/1\n"), [a, b])
        #expect(report.channelsMatched == 1 && report.programmes == 3 && report.problem == nil)
        let list = try GuideStore(path: path).window(from: allTime.from, to: allTime.to).programmes(for: "one")
        #expect(list.map(\.title) == ["From A", "Later", "Last"])
        #expect(list[1].stop == utc(2024, 1, 1, 14, 0))
    }

    @Test("a refresh from the same bytes for the same lineup rewrites nothing and says 0 programmes changed; a changed file, another lineup or a shift builds anew")
    func unchangedRefresh() throws {
        let dir = (try storePath() as NSString).deletingLastPathComponent
        let a = dir + "/a.xml"
        let guide = """
            <tv><channel id="one"><display-name>One</display-name></channel>
            <programme start="20240101120000 +0000" stop="20240101130000 +0000" channel="one"><title>Noon</title></programme></tv>
            """
        try guide.write(toFile: a, atomically: true, encoding: .utf8)
        let path = dir + "/guide.sqlite3"
        let one = lineup("#EXTM3U\n#EXTINF:-1 tvg-id=\"one\",One\nhttp://x.invalid/1\n")
        let first = try refresh(path, one, [a])
        #expect(first.changed == nil && first.replaced && first.programmes == 1)
        let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        let before = try #require(GuideStore(path: path).status())
        let again = try GuideBuilder.refresh(path: path, targets: one.guideTargets, inputs: [GuideInput(label: a, content: .source(.path(a)))],
                                             now: Date(timeIntervalSince1970: before.refreshed + 3600))
        #expect(again.changed == 0 && again.replaced && again.programmes == 1 && again.problem == nil)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == inode, "the same file: nothing rebuilt")
        #expect(GuideStore(path: path).status()?.refreshed == before.refreshed + 3600, "only the refresh time moved")
        let shifted = lineup("#EXTM3U\n#EXTINF:-1 tvg-id=\"one\" tvg-shift=\"1\",One\nhttp://x.invalid/1\n")
        #expect(try refresh(path, shifted, [a]).changed == nil, "a shift changes the times: built anew")
        let key = try #require(shifted.guideTargets.first?.key)
        #expect(try GuideStore(path: path).window(from: allTime.from, to: allTime.to).programmes(for: key).first?.start == utc(2024, 1, 1, 13, 0))
        try guide.replacingOccurrences(of: "Noon", with: "Midday").write(toFile: a, atomically: true, encoding: .utf8)
        #expect(try refresh(path, shifted, [a]).changed == nil)
        #expect(try GuideStore(path: path).window(from: allTime.from, to: allTime.to).programmes(for: key).first?.title == "Midday")
    }

    @Test("a guide of several MiB: its digest, read a piece at a time while the build waits, is the one a second refresh makes at once")
    func digestWhileBuilding() throws {
        let dir = (try storePath() as NSString).deletingLastPathComponent
        let a = dir + "/big.xml"
        var guide = "<tv><channel id=\"one\"><display-name>One</display-name></channel>\n"
        let description = String(repeating: "A long evening of television. ", count: 8)
        for hour in 0..<12_000 {
            let start = 1_704_067_200 + Double(hour) * 3600
            guide += "<programme start=\"\(xmltvStamp(start))\" stop=\"\(xmltvStamp(start + 3600))\" channel=\"one\"><title>Hour \(hour)</title><desc>\(description)</desc></programme>\n"
        }
        guide += "</tv>\n"
        try guide.write(toFile: a, atomically: true, encoding: .utf8)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: a)[.size] as? Int)
        #expect(size > 3 << 20)
        let path = dir + "/guide.sqlite3"
        let one = lineup("#EXTM3U\n#EXTINF:-1 tvg-id=\"one\",One\nhttp://x.invalid/1\n")
        let first = try refresh(path, one, [a])
        #expect(first.programmes == 12_000 && first.changed == nil)
        let contents = try #require(GuideStore(path: path).status()?.contents)
        #expect(contents.split(separator: "\n").first?.hasSuffix(".\(size)") == true, "\(contents)")
        #expect(try refresh(path, one, [a]).changed == 0, "the digest made at once matches the one read in pieces")
        try guide.replacingOccurrences(of: "Hour 11999<", with: "Hour 1l999<").write(toFile: a, atomically: true, encoding: .utf8)
        #expect(try FileManager.default.attributesOfItem(atPath: a)[.size] as? Int == size)
        #expect(try refresh(path, one, [a]).changed == nil, "one byte in the last mebibyte, the same length: built anew")
    }

    @Test("two refreshes of one store at once (the guide thread started again for new channels while it builds) take turns: both land, the store holds the last")
    func refreshesTakeTurns() throws {
        let dir = (try storePath() as NSString).deletingLastPathComponent
        let a = dir + "/two.xml"
        var guide = "<tv><channel id=\"one\"><display-name>One</display-name></channel><channel id=\"two\"><display-name>Two</display-name></channel>\n"
        for hour in 0..<20_000 {
            let start = 1_704_067_200 + Double(hour) * 3600
            for channel in ["one", "two"] {
                guide += "<programme start=\"\(xmltvStamp(start))\" stop=\"\(xmltvStamp(start + 3600))\" channel=\"\(channel)\"><title>\(channel) \(hour)</title><desc>An evening of television.</desc></programme>\n"
            }
        }
        try (guide + "</tv>\n").write(toFile: a, atomically: true, encoding: .utf8)
        let path = dir + "/guide.sqlite3"
        let one = lineup("#EXTM3U\n#EXTINF:-1 tvg-id=\"one\",One\nhttp://x.invalid/1\n")
        let both = lineup("#EXTM3U\n#EXTINF:-1 tvg-id=\"one\",One\nhttp://x.invalid/1\n#EXTINF:-1 tvg-id=\"two\",Two\nhttp://x.invalid/2\n")
        final class Outcome: @unchecked Sendable {
            var errors: [String] = []
            let lock = NSLock()
        }
        let outcome = Outcome()
        let group = DispatchGroup()
        for (index, targets) in [one, both].enumerated() {
            DispatchQueue.global().async(group: group) {
                if index == 1 { usleep(300_000) }
                do { _ = try refresh(path, targets, [a]) } catch { outcome.lock.withLock { outcome.errors.append("\(error)") } }
            }
        }
        group.wait()
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(GuideStore(path: path).status()?.channelsMatched == 2, "the later refresh, for both channels, is the store")
    }

    @Test("a programme without a stop ends when the channel's next begins; the last one without a stop stays open")
    func stopsFromNextStart() throws {
        let dir = (try storePath() as NSString).deletingLastPathComponent
        let a = dir + "/stops.xml"
        try """
            <tv><channel id="one"><display-name>One</display-name></channel>
            <programme start="20240101120000 +0000" channel="one"><title>Open</title></programme>
            <programme start="20240101123000 +0000" stop="20240101130000 +0000" channel="one"><title>Closed</title></programme>
            <programme start="20240101140000 +0000" channel="one"><title>Last</title></programme></tv>
            """.write(toFile: a, atomically: true, encoding: .utf8)
        let path = dir + "/guide.sqlite3"
        let one = lineup("#EXTM3U\n#EXTINF:-1 tvg-id=\"one\",One\nhttp://x.invalid/1\n")
        _ = try refresh(path, one, [a])
        let key = try #require(one.guideTargets.first?.key)
        let programmes = try GuideStore(path: path).window(from: allTime.from, to: allTime.to).programmes(for: key)
        #expect(programmes.map(\.title) == ["Open", "Closed", "Last"])
        #expect(programmes.map(\.stop) == [utc(2024, 1, 1, 12, 30), utc(2024, 1, 1, 13, 0), nil])
        let store = GuideStore(path: path)
        #expect(try store.search("open").first?.stop == utc(2024, 1, 1, 12, 30), "the store holds Open's stop")
        #expect(try store.search("open", from: utc(2024, 1, 1, 13, 0)).isEmpty, "so a search from later leaves it out")
    }

    @Test("a series' airings: its title on its channel whatever the case and the spaces around it, in the window asked, in order")
    func airings() throws {
        let dir = (try storePath() as NSString).deletingLastPathComponent
        let a = dir + "/airings.xml"
        try """
            <tv><channel id="one"><display-name>One</display-name></channel><channel id="two"><display-name>Two</display-name></channel>
            <programme start="20240101120000 +0000" stop="20240101123000 +0000" channel="one"><title>The News</title></programme>
            <programme start="20240101180000 +0000" stop="20240101183000 +0000" channel="one"><title>THE NEWS </title></programme>
            <programme start="20240101190000 +0000" stop="20240101193000 +0000" channel="one"><title>The News Review</title></programme>
            <programme start="20240101200000 +0000" stop="20240101203000 +0000" channel="two"><title>The News</title></programme>
            <programme start="20240102120000 +0000" stop="20240102123000 +0000" channel="one"><title>the news</title></programme></tv>
            """.write(toFile: a, atomically: true, encoding: .utf8)
        let path = dir + "/guide.sqlite3"
        let both = lineup("#EXTM3U\n#EXTINF:-1 tvg-id=\"one\",One\nhttp://x.invalid/1\n#EXTINF:-1 tvg-id=\"two\",Two\nhttp://x.invalid/2\n")
        _ = try refresh(path, both, [a])
        let key = try #require(both.guideTargets.first?.key)
        let found = try GuideStore(path: path).airings(key: key, title: " The news", from: utc(2024, 1, 1, 0, 0), to: utc(2024, 1, 2, 0, 0))
        #expect(found.map(\.start) == [utc(2024, 1, 1, 12, 0), utc(2024, 1, 1, 18, 0)])
    }

    @Test("a window holds what is on at its start however long it has run, what starts before its end, nothing that ended")
    func window() throws {
        let dir = (try storePath() as NSString).deletingLastPathComponent
        let file = dir + "/window.xml"
        try """
            <tv><channel id="one"><display-name>One</display-name></channel><channel id="two"><display-name>Two</display-name></channel>
            <programme start="20240101100000 +0000" stop="20240101110000 +0000" channel="one"><title>Ended</title></programme>
            <programme start="20240101110000 +0000" stop="20240101130000 +0000" channel="one"><title>On</title></programme>
            <programme start="20240101130000 +0000" stop="20240101140000 +0000" channel="one"><title>Next</title></programme>
            <programme start="20240101140000 +0000" stop="20240101150000 +0000" channel="one"><title>At the end</title></programme>
            <programme start="20231225000000 +0000" stop="20240108000000 +0000" channel="two"><title>Two weeks</title></programme>
            <programme start="20240108000000 +0000" stop="20240108010000 +0000" channel="two"><title>Later</title></programme>
            <programme start="20240101130000 +0000" stop="20240101140000 +0000" channel="three"><title>Not in the lineup</title></programme></tv>
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let path = dir + "/guide.sqlite3"
        _ = try refresh(path, lineup("#EXTM3U\n#EXTINF:-1 tvg-id=\"one\",One\nhttp://x.invalid/1\n#EXTINF:-1 tvg-id=\"two\",Two\nhttp://x.invalid/2\n"), [file])
        let store = GuideStore(path: path)
        let noon = try store.window(from: utc(2024, 1, 1, 12, 0), to: utc(2024, 1, 1, 14, 0))
        #expect(noon.programmes(for: "one").map(\.title) == ["On", "Next"])
        #expect(noon.programmes(for: "two").map(\.title) == ["Two weeks"])
        #expect(Set(noon.channelIDs) == ["one", "two"])
        let eleven = try store.window(from: utc(2024, 1, 1, 11, 0), to: utc(2024, 1, 1, 11, 30))
        #expect(eleven.programmes(for: "one").map(\.title) == ["On"])
        let early = try store.window(from: utc(2023, 12, 1, 0, 0), to: utc(2024, 1, 1, 10, 30))
        #expect(early.programmes(for: "one").map(\.title) == ["Ended"])
        #expect(early.programmes(for: "two").map(\.title) == ["Two weeks"])
    }

    @Test("an HTML page, an empty guide or a guide of other channels keeps the stored guide and says why")
    func emptySourceKeepsOld() throws {
        let path = try storePath()
        let dir = (path as NSString).deletingLastPathComponent
        let good = SharedData.directory.appendingPathComponent("xmltv_project_t_data_test.xml").path
        let m3u = lineup("#EXTM3U\n#EXTINF:-1 tvg-id=\"3sat.de\",3sat\nhttp://x.invalid/3\n")
        _ = try refresh(path, m3u, [good])
        let before = try GuideStore(path: path).window(from: allTime.from, to: allTime.to)
        #expect(!before.channelIDs.isEmpty)
        let statusBefore = GuideStore(path: path).status()
        for (body, reason) in [
            ("<!DOCTYPE html>\n<html><head><title>Subscription expired</title></head><body><p>Your line has expired.</p></body></html>\n",
             "is an HTML page, not XMLTV"),
            ("<?xml version=\"1.0\"?>\n<tv/>\n", "has no programmes"),
            ("<?xml version=\"1.0\"?>\n<tv><channel id=\"other.tv\"><display-name>Other</display-name></channel>"
             + "<programme start=\"20240101120000 +0000\" stop=\"20240101130000 +0000\" channel=\"other.tv\"><title>Elsewhere</title></programme></tv>\n",
             "has 1 programmes, none of them on the lineup's channels"),
        ] {
            let file = dir + "/bad.xml"
            try body.write(toFile: file, atomically: true, encoding: .utf8)
            let report = try refresh(path, m3u, [file])
            #expect(!report.replaced, "\(reason)")
            #expect(report.problem?.contains(reason) == true && report.problem?.hasSuffix("the guide kept is the one from before") == true, "\(report.problem ?? "")")
            #expect(try GuideStore(path: path).window(from: allTime.from, to: allTime.to) == before)
            #expect(GuideStore(path: path).status() == statusBefore)
        }
    }

    @Test("a first refresh whose sources all fail says there is no guide yet, not that the one from before is kept")
    func firstRefreshFails() throws {
        let path = try storePath()
        let m3u = lineup("#EXTM3U\n#EXTINF:-1 tvg-id=\"3sat.de\",3sat\nhttp://x.invalid/3\n")
        let file = (path as NSString).deletingLastPathComponent + "/empty.xml"
        try "<?xml version=\"1.0\"?>\n<tv/>\n".write(toFile: file, atomically: true, encoding: .utf8)
        let report = try refresh(path, m3u, [file])
        #expect(!report.replaced && !report.storedBefore)
        #expect(report.problem?.hasSuffix("has no programmes; there is no guide yet") == true, "\(report.problem ?? "")")
        #expect(GuideStore(path: path).status() == nil)
    }

    @Test("a billion-laughs or external-entity guide is refused with a message and the store keeps the guide it had")
    func refusedKeepsOld() throws {
        let path = try storePath()
        let dir = (path as NSString).deletingLastPathComponent
        let good = SharedData.directory.appendingPathComponent("xmltv_project_t_data_test.xml").path
        let m3u = lineup("#EXTM3U\n#EXTINF:-1 tvg-id=\"3sat.de\",3sat\nhttp://x.invalid/3\n")
        _ = try refresh(path, m3u, [good])
        let before = try GuideStore(path: path).window(from: allTime.from, to: allTime.to)
        let statusBefore = GuideStore(path: path).status()
        for hostile in [
            "<?xml version=\"1.0\"?><!DOCTYPE tv [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]><tv><programme start=\"20240101120000\" channel=\"3sat.de\"><title>&b;</title></programme></tv>",
            "<?xml version=\"1.0\"?><!DOCTYPE tv [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><tv><programme start=\"20240101120000\" channel=\"3sat.de\"><title>&x;</title></programme></tv>",
        ] {
            let file = dir + "/hostile.xml"
            try hostile.write(toFile: file, atomically: true, encoding: .utf8)
            let report = try refresh(path, m3u, [good, file])
            #expect(!report.replaced)
            #expect(report.problem?.contains("declares its own entities") == true && report.problem?.hasSuffix("the guide kept is the one from before") == true, "\(report.problem ?? "")")
            #expect(try GuideStore(path: path).window(from: allTime.from, to: allTime.to) == before)
            #expect(GuideStore(path: path).status() == statusBefore)
        }
    }

    @Test("search: every word, the last a prefix, accents aside, by time; a missing store reads as none")
    func search() throws {
        let path = try storePath()
        let dir = (path as NSString).deletingLastPathComponent
        try """
            <tv><programme start="20240102120000 +0000" stop="20240102130000 +0000" channel="one"><title>Café Society</title><desc>A film about Paris.</desc></programme>
            <programme start="20240101120000 +0000" stop="20240101130000 +0000" channel="one"><title>News</title><desc>Headlines from the cafe</desc></programme>
            <programme start="20240103120000 +0000" stop="20240103130000 +0000" channel="one"><title>Weather</title></programme></tv>
            """.write(toFile: dir + "/g.xml", atomically: true, encoding: .utf8)
        _ = try refresh(path, lineup("#EXTM3U\n#EXTINF:-1 tvg-id=\"one\",One\nhttp://x.invalid/1\n"), [dir + "/g.xml"])
        let store = GuideStore(path: path)
        #expect(try store.search("cafe").map(\.title) == ["News", "Café Society"])
        #expect(try store.search("caf").map(\.title) == ["News", "Café Society"])
        #expect(try store.search("café paris").map(\.title) == ["Café Society"])
        #expect(try store.search("cafe", from: utc(2024, 1, 2, 0, 0)).map(\.title) == ["Café Society"])
        #expect(try store.search("\"; DROP TABLE programme; --").isEmpty)
        #expect(try store.search("   ").isEmpty)
        #expect(GuideStore(path: dir + "/missing.sqlite3").status() == nil)
    }

    @Test("a store goes stale with age, other sources or another lineup")
    func staleness() throws {
        let status = GuideStoreStatus(refreshed: 1000, sources: ["a"], lineup: "x", channelsMatched: 1, programmes: 1, problem: nil)
        #expect(!status.isStale(sources: ["a"], lineup: "x", now: 1000 + 3599, maximumAge: 3600))
        #expect(status.isStale(sources: ["a"], lineup: "x", now: 1000 + 3600, maximumAge: 3600))
        #expect(status.isStale(sources: ["b"], lineup: "x", now: 1001, maximumAge: 3600))
        #expect(status.isStale(sources: ["a"], lineup: "y", now: 1001, maximumAge: 3600))
        #expect(status.isStale(sources: ["a"], lineup: "x", now: 0, maximumAge: 3600))
    }
}
