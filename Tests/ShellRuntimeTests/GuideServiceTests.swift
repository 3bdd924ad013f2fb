import Catalog
import Foundation
import GuideStore
import Logging
import ShellCore
import ShellProbes
@testable import ShellRuntime
import Testing

@Suite("The guide's thread against a real HTTP server")
struct GuideServiceTests {
    /// An XMLTV guide of channels one and two, each with a programme on now.
    static func guide(now: Double) -> Data {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyyMMddHHmmss"
        let start = format.string(from: Date(timeIntervalSince1970: now - 1800)) + " +0000"
        let stop = format.string(from: Date(timeIntervalSince1970: now + 1800)) + " +0000"
        return Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <tv>
              <channel id="one"><display-name>One</display-name></channel>
              <channel id="two"><display-name>Two</display-name></channel>
              <programme channel="one" start="\(start)" stop="\(stop)"><title>One Now</title></programme>
              <programme channel="two" start="\(start)" stop="\(stop)"><title>Two Now</title></programme>
            </tv>
            """.utf8)
    }

    /// Waits on the inbox's pipe for actions until `done` says so with all
    /// taken so far, or `timeout` passes; every action taken.
    static func take(_ inbox: ActionInbox, timeout: Double, until done: ([Action]) -> Bool) -> [Action] {
        var taken: [Action] = []
        let deadline = Deadline(in: timeout)
        while !done(taken), !deadline.hasPassed {
            var ready = pollfd(fd: inbox.readFD, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, 100)
            taken += inbox.take()
        }
        return taken
    }

    static func windows(_ actions: [Action]) -> [String] {
        actions.compactMap { if case .guideWindowLoaded(let guide, _) = $0 { "\(guide)" } else { nil } }
    }

    static func plan(_ directory: URL, _ server: LocalHTTPServer, channels: [String]) -> GuidePlan {
        GuidePlan(store: GuideStore(path: directory.appendingPathComponent("guide.sqlite3").path),
                  targets: channels.map { GuideTarget(id: $0.lowercased(), names: [$0]) }, sources: [server.url("guide.xml")])
    }

    @Test("the system clock set: the thread reads the window again around the new time at once, not at its next wake half an hour later; the guide is not downloaded again")
    func clockSet() throws {
        let directory = TVShellBinary.scratchDirectory("guide-service-clock")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try LocalHTTPServer(files: ["guide.xml": Self.guide(now: Date().timeIntervalSince1970)])
        defer { server.stop() }
        let inbox = ActionInbox()
        let service = GuideService(plan: Self.plan(directory, server, channels: ["One"]), inbox: inbox, logger: Logger(label: "test"),
                                   cacheDirectory: directory.appendingPathComponent("cache").path)
        defer { service.stop() }
        service.start()
        let first = Self.take(inbox, timeout: 20) { !Self.windows($0).isEmpty && $0.contains { if case .guideStatus(let status) = $0 { !status.refreshing } else { false } } }
        #expect(Self.windows(first).count == 1 && Self.windows(first)[0].contains("One Now"), "\(first)")
        #expect(Self.windows(Self.take(inbox, timeout: 0.3) { !Self.windows($0).isEmpty }).isEmpty, "asleep after its refresh")

        let started = Stopwatch()
        service.clockWasSet()
        let again = Self.take(inbox, timeout: 10) { !Self.windows($0).isEmpty }
        #expect(Self.windows(again).count == 1 && Self.windows(again)[0].contains("One Now"), "\(again)")
        #expect(started.elapsed < 5)
        #expect(server.requests.count == 1, "the store is fresh: no second download (\(server.requests))")
    }

    @Test("channels gained while a refresh downloads: the second refresh waits for the first (never two downloads of the guide at once), then brings their programmes")
    func planGivenDuringRefresh() throws {
        let directory = TVShellBinary.scratchDirectory("guide-service")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try LocalHTTPServer(files: ["guide.xml": Self.guide(now: Date().timeIntervalSince1970)])
        defer { server.stop() }
        server.inject(.stall, pathSuffix: "guide.xml")
        let inbox = ActionInbox()
        let service = GuideService(plan: Self.plan(directory, server, channels: ["One"]), inbox: inbox, logger: Logger(label: "test"),
                                   cacheDirectory: directory.appendingPathComponent("cache").path)
        defer { service.stop() }
        service.start()
        let asked = Self.take(inbox, timeout: 10) { _ in server.requests.count == 1 }
        #expect(server.requests.count == 1, "the first refresh asked for the guide")

        service.replace(Self.plan(directory, server, channels: ["One", "Two"]))
        // A second thread would ask at once, beside the stalled download:
        // given half a second, it has not.
        _ = Self.take(inbox, timeout: 0.5) { _ in server.requests.count > 1 }
        #expect(server.requests.count == 1, "no second download while the first runs: \(server.requests)")

        server.inject(nil)
        let after = asked + Self.take(inbox, timeout: 20) { Self.windows($0).contains { $0.contains("Two Now") } }
        #expect(Self.windows(after).contains { $0.contains("Two Now") }, "the channel gained has its programme: \(Self.windows(after))")
        #expect(server.requests.count == 2, "then a second refresh for the channels gained: \(server.requests)")
        let cached = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("cache").path)
        #expect(!cached.contains { $0.contains(".part") }, "no part file left: \(cached)")
    }

    @Test("a plan of other sources given while a download of the old ones hangs does not wait for it: the download is given up, its part file gone, and the new guide's programmes come")
    func otherSourcesDuringDownload() throws {
        let directory = TVShellBinary.scratchDirectory("guide-service-other")
        defer { try? FileManager.default.removeItem(at: directory) }
        let guide = Self.guide(now: Date().timeIntervalSince1970)
        let other = Data(String(decoding: guide, as: UTF8.self).replacingOccurrences(of: "Two Now", with: "Pushed Now").utf8)
        let server = try LocalHTTPServer(files: ["guide.xml": guide, "pushed.xml": other])
        defer { server.stop() }
        server.inject(.stall, pathSuffix: "guide.xml")
        let inbox = ActionInbox()
        let service = GuideService(plan: Self.plan(directory, server, channels: ["One", "Two"]), inbox: inbox, logger: Logger(label: "test"),
                                   cacheDirectory: directory.appendingPathComponent("cache").path)
        defer { service.stop() }
        service.start()
        _ = Self.take(inbox, timeout: 10) { _ in server.requests.count == 1 }
        #expect(server.requests.count == 1, "the first refresh asked for the guide, which hangs")

        var pushed = Self.plan(directory, server, channels: ["One", "Two"])
        pushed.sources = [server.url("pushed.xml")]
        let given = Stopwatch()
        service.replace(pushed)
        let after = Self.take(inbox, timeout: 10) { Self.windows($0).contains { $0.contains("Pushed Now") } }
        #expect(Self.windows(after).contains { $0.contains("Pushed Now") }, "the pushed guide is read without waiting: \(Self.windows(after))")
        #expect(given.elapsed < 5, "within a few seconds, not the hung download's 30")
        let cached = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("cache").path)
        #expect(!cached.contains { $0.contains(".part") }, "the given-up download left no part file: \(cached)")
        server.inject(nil)
    }

    @Test("a refresh whose download failed is tried again soon (not after the guide's whole age), and its problem then goes")
    func failedRefreshRetried() throws {
        let directory = TVShellBinary.scratchDirectory("guide-service-retry")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try LocalHTTPServer(files: ["guide.xml": Self.guide(now: Date().timeIntervalSince1970)])
        defer { server.stop() }
        server.inject(.serverError, pathSuffix: "guide.xml")
        let inbox = ActionInbox()
        let service = GuideService(plan: Self.plan(directory, server, channels: ["One"]), inbox: inbox, logger: Logger(label: "test"),
                                   cacheDirectory: directory.appendingPathComponent("cache").path, firstRetry: 0.3)
        defer { service.stop() }
        service.start()
        func problems(_ actions: [Action]) -> [String?] {
            actions.compactMap { if case .guideStatus(let status) = $0, !status.refreshing { status.problem } else { nil } }
        }
        let failed = Self.take(inbox, timeout: 10) { !problems($0).isEmpty }
        #expect(problems(failed).first??.contains("HTTP 500") == true, "\(problems(failed))")

        server.inject(nil)
        let retried = Self.take(inbox, timeout: 10) { problems($0).contains { $0 == nil } }
        #expect(problems(retried).contains { $0 == nil }, "the retry had no problem: \(problems(retried))")
        #expect(Self.windows(retried).contains { $0.contains("One Now") })
        #expect(server.requests.count >= 2)
    }

    @Test("the wait after a refresh with a problem: 5 minutes, doubling, at most an hour, never beyond the guide's age")
    func retryDelays() {
        #expect((1...6).map { GuideService.retryDelay(failures: $0, maximumAge: 12 * 3600) } == [300, 600, 1200, 2400, 3600, 3600])
        #expect(GuideService.retryDelay(failures: 3, maximumAge: 900) == 900)
        #expect(GuideService.retryDelay(failures: 1_000, maximumAge: 12 * 3600) == 3600)
    }
}
