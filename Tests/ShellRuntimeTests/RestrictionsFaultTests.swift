import MediaModel
import ShellCore
import ShellRuntime
import ShellTesting
import Testing

/// The state directory read-only or full: nothing of the restrictions is
/// lost, and the user is told.
@Suite("Embedded: restrictions with a state directory that takes nothing")
struct RestrictionsFaultTests {
    @Test("wrong codes are refused and lock out in memory; the audit entries are kept, shown, and written in order once the directory takes them")
    func keptUntilWritable() {
        let shell = watching(2)
        shell.backend.full = true
        shell.send(.playIndex(3, at: shell.clock.now()))
        #expect(shell.state.prompt?.item.id == "late")
        for attempt in 1...5 {
            shell.type("000\(attempt)")
            #expect(shell.state.restrictions.failures == attempt)
        }
        let lockedUntil = shell.state.restrictions.lockedUntil
        #expect(lockedUntil != nil, "locked out after five wrong codes, whatever the disk")
        #expect(shell.backend.lockout == nil && shell.backend.auditLog.isEmpty, "nothing reached the full directory")
        // Up, or waiting its turn behind the lockout's own notice.
        let notices = [shell.state.chrome.notice].compactMap { $0 } + shell.state.chrome.noticesWaiting
        #expect(notices.contains { $0.hasPrefix("The restrictions audit log cannot be written: ") }, "\(notices)")
        #expect(shell.state.prompt == nil, "the lockout takes the prompt down")
        shell.send(.playIndex(3, at: shell.clock.now()))
        shell.type("1234")
        #expect(shell.player.loaded?.item.id != "late", "the right code does not play during the lockout")

        shell.advance(by: 31)
        #expect(shell.backend.auditLog.isEmpty, "still full: still kept")
        shell.backend.full = false
        shell.advance(by: 31)
        #expect(shell.backend.lockout?.failures == 5 && shell.backend.lockout?.lockedUntil == lockedUntil, "\(String(describing: shell.backend.lockout))")
        let written = shell.backend.auditLog
        #expect(written.map(\.kind) == [.wrongPasscode, .wrongPasscode, .wrongPasscode, .wrongPasscode, .wrongPasscode, .lockedOut], "\(written.map(\.kind))")
        #expect(written.map(\.time) == written.map(\.time).sorted(), "in the order they happened, with their own times")
    }
}
