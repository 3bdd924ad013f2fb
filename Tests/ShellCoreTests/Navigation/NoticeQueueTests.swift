import MediaModel
import ShellCore
import ShellTesting
import Testing

@Suite("Notices from behind the viewer take turns")
struct NoticeQueueTests {
    @Test("one that comes while another is up waits, then shows for its own time; the same text is not queued twice")
    func turns() {
        let h = ReducerHarness(ShellState(items: [film]))
        h.send(.showNotice("Account demo expires Tue 1 Dec"), effects: [.startTimer(.noticeHide, after: 10)]) {
            $0.chrome.notice = "Account demo expires Tue 1 Dec"
            $0.chrome.noticeFromBehind = "Account demo expires Tue 1 Dec"
        }
        h.send(.showNotice("Welcome to Demo TV")) { $0.chrome.noticesWaiting = ["Welcome to Demo TV"] }
        h.send(.showNotice("Welcome to Demo TV"))
        h.send(.showNotice("Account demo expires Tue 1 Dec"))
        h.send(.showNotice("The News cannot be recorded: the library cannot be opened")) {
            $0.chrome.noticesWaiting.append("The News cannot be recorded: the library cannot be opened")
        }
        #expect(h.advance(by: 10) == [.noticeHide])
        h.send(.timerFired(.noticeHide, at: h.clock.now), effects: [.startTimer(.noticeHide, after: 10)]) {
            $0.chrome.notice = "Welcome to Demo TV"
            $0.chrome.noticeFromBehind = "Welcome to Demo TV"
            $0.chrome.noticesWaiting = ["The News cannot be recorded: the library cannot be opened"]
        }
        #expect(h.advance(by: 10) == [.noticeHide])
        h.send(.timerFired(.noticeHide, at: h.clock.now), effects: [.startTimer(.noticeHide, after: 10)]) {
            $0.chrome.notice = "The News cannot be recorded: the library cannot be opened"
            $0.chrome.noticeFromBehind = "The News cannot be recorded: the library cannot be opened"
            $0.chrome.noticesWaiting = []
        }
        #expect(h.advance(by: 10) == [.noticeHide])
        h.send(.timerFired(.noticeHide, at: h.clock.now)) {
            $0.chrome.notice = nil
            $0.chrome.noticeFromBehind = nil
        }
        h.expectArmed([])
    }

    @Test("a key's notice shows at once over a waiting one; the one from behind it covered goes back to the head of the line; past eight waiting the oldest goes")
    func keyFirst() {
        let h = ReducerHarness(ShellState(items: [film, channel]))
        h.send(.showNotice("first"), effects: [.startTimer(.noticeHide, after: 10)]) {
            $0.chrome.notice = "first"
            $0.chrome.noticeFromBehind = "first"
        }
        for n in 1...9 {
            h.send(.showNotice("waiting \(n)")) { $0.chrome.noticesWaiting = (max(1, n - 7)...n).map { "waiting \($0)" } }
        }
        h.press(.previousChannel, effects: [.startTimer(.noticeHide, after: 2.5)]) {
            $0.chrome.notice = "No channel before this one"
            $0.chrome.noticeFromBehind = nil
            $0.chrome.noticesWaiting = ["first"] + (3...9).map { "waiting \($0)" }
        }
        #expect(h.advance(by: 2.5) == [.noticeHide])
        h.send(.timerFired(.noticeHide, at: h.clock.now), effects: [.startTimer(.noticeHide, after: 10)]) {
            $0.chrome.notice = "first"
            $0.chrome.noticeFromBehind = "first"
            $0.chrome.noticesWaiting = (3...9).map { "waiting \($0)" }
        }
        #expect(h.advance(by: 10) == [.noticeHide])
        h.send(.timerFired(.noticeHide, at: h.clock.now), effects: [.startTimer(.noticeHide, after: 10)]) {
            $0.chrome.notice = "waiting 3"
            $0.chrome.noticeFromBehind = "waiting 3"
            $0.chrome.noticesWaiting = (4...9).map { "waiting \($0)" }
        }
        h.expectArmed([.noticeHide])
    }

    @Test("while the shell sleeps, notices wait, the one up with them; it shows again once a key wakes the shell")
    func asleep() {
        var settings = ShellSettings()
        settings.noticeDelay = 2.5
        let h = ReducerHarness(ShellState(items: [film, channel], settings: settings))
        h.send(.showNotice("Recording The News"), effects: [.startTimer(.noticeHide, after: 10)]) {
            $0.chrome.notice = "Recording The News"
            $0.chrome.noticeFromBehind = "Recording The News"
        }
        h.apply(.sleep(.after(15 * 60), at: h.clock.now))
        h.apply(.timerFired(.sleepNow, at: h.clock.now))
        #expect(h.state.sleep.asleep && h.state.chrome.notice == nil)
        #expect(h.state.chrome.noticesWaiting == ["Recording The News"], "put away with the screen, it waits")
        h.send(.showNotice("The News is recorded")) { $0.chrome.noticesWaiting.append("The News is recorded") }
        h.press(.select, effects: [.startTimer(.noticeHide, after: 10)]) {
            $0.sleep.asleep = false
            $0.chrome.notice = "Recording The News"
            $0.chrome.noticeFromBehind = "Recording The News"
            $0.chrome.noticesWaiting = ["The News is recorded"]
        }
        h.expectArmed([.badgeHide, .noticeHide])
    }
}
