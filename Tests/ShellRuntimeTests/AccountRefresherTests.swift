import Catalog
import Foundation
import Library
import Logging
import MediaModel
import ShellProbes
@testable import ShellRuntime
import Testing

@Suite("An account's lists fetched again while the shell runs, against a real Xtream Codes server")
struct AccountRefresherTests {
    @Test("lists due while the last ones applied wait to be shown are fetched and stored but not made into items or applied (a provider's lists are never held shown, waiting and made at once); once those are shown, the stored ones are")
    func waitsForTheLastShown() throws {
        let (directory, server, xtream) = try XtreamClientTests.serve("account-refresher-waiting")
        defer { try? FileManager.default.removeItem(at: directory) }
        defer { server.stop() }
        let applied = Applied(), looks = CallCounter(), released = CallCounter()
        let libraryPath = directory.path + "/library.sqlite3"
        let refresher = AccountRefresher(account: .init(name: "tv", server: xtream), libraryPath: libraryPath, maximumAge: 0.3,
                                         logger: Logger(label: "test"), tell: { _ in }, apply: { _, contents in applied.add(contents.items.map(\.title)) },
                                         waiting: {
                                             guard applied.count == 1, released.value == 0 else { return false }
                                             looks.add()
                                             return true
                                         })
        defer { refresher.stop() }
        func stored() -> String? {
            (try? LibraryStore.open(path: libraryPath).store?.accountAnswers("tv"))?.answers[XtreamRequest.liveStreams.key].map { String(decoding: $0, as: UTF8.self) }
        }
        refresher.start(shown: [], fetched: 0, checked: true)
        #expect(LineupRefresherTests.wait(10) { applied.count == 1 })
        server.addChannel(number: 9, name: "Added While Waiting")
        #expect(LineupRefresherTests.wait(10) { looks.value >= 3 }, "looked again and again while the lists waited")
        #expect(LineupRefresherTests.wait(10) { stored()?.contains("Added While Waiting") == true }, "fetched and stored while the last lists wait")
        #expect(applied.count == 1, "nothing applied while the last lists are not shown")
        released.add()
        #expect(LineupRefresherTests.wait(10) { applied.count == 2 }, "the stored lists shown once the last are")
        #expect(applied.last?.contains("Added While Waiting") == true)
    }

    @Test("lists are checked before they are stored one answer at a time, as decoding them all would: a list or a series' episodes that cannot be decoded is the failure")
    func checkedOneByOne() throws {
        let good: [String: Data] = [
            XtreamRequest.liveStreams.key: Data(#"[{"num":1,"name":"One","stream_id":1,"stream_type":"live"}]"#.utf8),
            XtreamRequest.series.key: Data("[]".utf8),
        ]
        try XtreamCatalog.check(good)
        #expect(throws: XtreamFailure.self) { try XtreamCatalog.check(good.merging([XtreamRequest.films.key: Data("<html>".utf8)]) { $1 }) }
        #expect(throws: XtreamFailure.self) { try XtreamCatalog.check(good.merging([XtreamRequest.seriesInfo(7).key: Data("<html>".utf8)]) { $1 }) }
        #expect(throws: XtreamFailure.self) { try XtreamCatalog(answers: good.merging([XtreamRequest.films.key: Data("<html>".utf8)]) { $1 }) }
    }
}

/// What an account refresher applied: each time, its items' titles.
private final class Applied: @unchecked Sendable {
    private let lock = NSLock()
    private var titles: [[String]] = []
    func add(_ items: [String]) { lock.withLock { titles.append(items) } }
    var count: Int { lock.withLock { titles.count } }
    var last: [String]? { lock.withLock { titles.last } }
}
