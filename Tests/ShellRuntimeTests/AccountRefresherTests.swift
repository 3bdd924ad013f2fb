import Foundation
import Logging
import MediaModel
import ShellProbes
@testable import ShellRuntime
import Testing

@Suite("An account's lists fetched again while the shell runs, against a real Xtream Codes server")
struct AccountRefresherTests {
    @Test("lists due while the last ones applied wait to be shown are not fetched (a provider's lists are never held shown, waiting and fetched at once); they are once those are shown")
    func waitsForTheLastShown() throws {
        let (directory, server, xtream) = try XtreamClientTests.serve("account-refresher-waiting")
        defer { try? FileManager.default.removeItem(at: directory) }
        defer { server.stop() }
        let applied = CallCounter(), looks = CallCounter(), released = CallCounter()
        let refresher = AccountRefresher(account: .init(name: "tv", server: xtream), libraryPath: directory.path + "/library.sqlite3", maximumAge: 0.3,
                                         logger: Logger(label: "test"), tell: { _ in }, apply: { _, _ in applied.add() },
                                         waiting: {
                                             guard applied.value == 1, released.value == 0 else { return false }
                                             looks.add()
                                             return true
                                         })
        defer { refresher.stop() }
        func lists() -> Int { server.server.requests.filter { $0.contains("action=get_live_streams") }.count }
        refresher.start(shown: [], fetched: 0, checked: true)
        #expect(LineupRefresherTests.wait(10) { applied.value == 1 })
        let fetched = lists()
        #expect(fetched == 1)
        #expect(LineupRefresherTests.wait(10) { looks.value >= 3 }, "looked again and again while the lists waited")
        #expect(lists() == fetched, "nothing fetched while the last lists are not shown: \(server.server.requests)")
        released.add()
        #expect(LineupRefresherTests.wait(10) { lists() > fetched }, "fetched once they are shown")
    }
}
