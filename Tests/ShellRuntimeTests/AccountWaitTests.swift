import Catalog
import Foundation
import Logging
import ShellRuntime
import Testing

/// What an `AccountWait` told, from its thread.
private final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var reasons: [String] = []
    private var accounts: [String] = []

    func unread(_ reason: String) { lock.withLock { reasons.append(reason) } }
    func found(_ name: String) { lock.withLock { accounts.append(name) } }
    var said: [String] { lock.withLock { reasons } }
    var found: [String] { lock.withLock { accounts } }

    /// Waits until `condition` holds, at most 10 s; whether it did.
    func waitFor(_ condition: (Told) -> Bool) -> Bool { eventually { condition(self) } }
}

@Suite("A box's account not in accounts.toml yet")
struct AccountWaitTests {
    private func scratch() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("account-wait-\(UUID().uuidString)/tvshell/accounts.toml").path
    }

    private func wait(_ path: String, _ told: Told) -> AccountWait {
        AccountWait(name: "tv", path: path, interval: 0.02, logger: Logger(label: "test"), unread: { told.unread($0) }) { account in
            told.found(account.name)
            return AccountRefresher(account: account, libraryPath: path + ".sqlite3", maximumAge: 3600, logger: Logger(label: "test"),
                                    tell: { _ in }, apply: { _, _ in })
        }
    }

    private func save(_ path: String, _ names: [String]) throws {
        var file = try AccountsFile.load(path: path)
        for name in names { file.put(.init(name: name, server: try #require(XtreamServer(server: "tv.example", user: "u", password: "p")))) }
        try file.save()
    }

    private func remove(_ path: String) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent())
    }

    @Test("each new reason is told once (no file, a file others can read, another account only); once the account is added it is found, once, and looked for no more")
    func foundOnceAdded() throws {
        let path = scratch()
        defer { remove(path) }
        guard case .failure(let first) = AccountWait.look(name: "tv", path: path) else { Issue.record("no file holds no account"); return }
        #expect(first.message.contains("--account tv: no such account in \(path)") && first.message.contains("tvshell account add tv"), "\(first.message)")
        let told = Told()
        let keeper = wait(path, told)
        keeper.start(reason: first.message)
        try save(path, ["spare"])
        chmod(path, 0o644)
        #expect(told.waitFor { $0.said.count >= 1 }, "the file others can read: \(told.said)")
        Thread.sleep(forTimeInterval: 0.1)  // five looks' time: the same reason is not told again
        #expect(told.said.count == 1 && told.said.first?.contains(path) == true && told.said.first != first.message, "\(told.said)")
        chmod(path, 0o600)
        #expect(told.waitFor { $0.said.count >= 2 }, "\(told.said)")
        Thread.sleep(forTimeInterval: 0.1)  // five looks' time
        #expect(told.said.count == 2 && told.said.last == first.message, "no such account again, once: \(told.said)")
        try save(path, ["spare", "tv"])
        #expect(told.waitFor { $0.found == ["tv"] }, "\(told.found)")
        try save(path, ["spare"])
        try save(path, ["spare", "tv"])
        Thread.sleep(forTimeInterval: 0.2)  // ten looks' time: none is made any more
        #expect(told.found == ["tv"] && told.said.count == 2, "\(told.found) \(told.said)")
        keeper.stop()
    }

    @Test("stopped (another lineup switched to), it looks no more: an account added after is not found")
    func stopped() throws {
        let path = scratch()
        defer { remove(path) }
        let told = Told()
        let keeper = wait(path, told)
        keeper.start(reason: "not there")
        keeper.stop()
        try save(path, ["tv"])
        Thread.sleep(forTimeInterval: 0.2)  // ten looks' time
        #expect(told.found.isEmpty && told.said.isEmpty, "\(told.found) \(told.said)")
    }
}
