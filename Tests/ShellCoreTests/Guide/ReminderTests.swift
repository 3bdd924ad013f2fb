import MediaModel
import ShellCore
import ShellTesting
import Testing

/// 2026-11-23 21:00 UTC.
private let nine = 1_795_467_600.0
private let news = MediaItem(id: "news", title: "News", url: "http://live.test/news.m3u8", isLive: true, number: 1, guideID: "news.tv")
private let quizChannel = MediaItem(id: "film", title: "Film", url: "http://live.test/film.m3u8", isLive: true, number: 2, guideID: "quizChannel.tv")
private let quiz = Reminder(channel: "quizChannel.tv", start: nine, title: "Quiz", channelName: "Film")

/// News playing at 20:50, a reminder on Film's 21:00 programme.
private func watchingNews(kiosk: Bool = false, tune: Bool = false) -> ReducerHarness {
    var settings = ShellSettings()
    settings.remindersTune = tune
    let h = ReducerHarness(ShellState(items: [news, quizChannel], kiosk: kiosk, settings: settings))
    h.apply(.libraryLists(favourites: [], reminders: [quiz]))
    h.apply(.wallClock(nine - 600, at: h.clock.now))
    h.apply(.playIndex(0, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    return h
}

@Suite("Reminders: a notice a minute before, ENTER to tune")
struct ReminderTests {
    @Test("a minute before its start the reminder comes up and is forgotten by the library; ENTER tunes to its channel")
    func firesAndTunes() {
        let h = watchingNews()
        #expect(h.state.nextReminderAlert == nine - 60)
        h.send(.wallClock(nine - 61, at: h.clock.now)) { $0.wallClock = nine - 61 }
        h.send(.wallClock(nine - 60, at: h.clock.now), effects: [.saveReminder(quiz, on: false), .startTimer(.reminderHide, after: 180)]) {
            $0.wallClock = nine - 60
            $0.guide.reminders = []
            $0.guide.reminderDue = quiz
        }
        #expect(h.state.nextReminderAlert == nil)
        let tuned = h.apply(.command(.select, at: h.clock.now))
        #expect(tuned.first == .cancelTimer(.reminderHide))
        #expect(tuned.contains(.load(quizChannel, token: 2)))
        #expect(h.state.guide.reminderDue == nil && h.state.current == 1 && h.state.live.previousChannel == 0)
        h.expectArmed([.stall, .hintHide, .transportHide])
    }

    @Test("ESC dismisses the notice and keeps the channel; other keys work under it; it goes by itself after its time")
    func dismissed() {
        let h = watchingNews()
        h.apply(.wallClock(nine - 30, at: h.clock.now))
        #expect(h.state.guide.reminderDue == quiz)
        h.apply(.command(.pause, at: h.clock.now))
        #expect(h.state.playback.paused && h.state.guide.reminderDue == quiz)
        h.press(.menu, effects: [.cancelTimer(.reminderHide)]) { $0.guide.reminderDue = nil }
        #expect(h.state.current == 0)
        let again = watchingNews()
        again.apply(.wallClock(nine - 30, at: again.clock.now))
        #expect(again.advance(by: 180).contains(.reminderHide))
        again.send(.timerFired(.reminderHide, at: again.clock.now)) { $0.guide.reminderDue = nil }
        again.expectArmed([.stall, .hintHide, .transportHide])
        h.expectArmed([.stall, .hintHide])
    }

    @Test("a kiosk with reminders = tune tunes by itself; a reminder long past (the box was off) is dropped without a notice")
    func kioskAndStale() {
        let h = watchingNews(kiosk: true, tune: true)
        let effects = h.apply(.wallClock(nine - 60, at: h.clock.now))
        #expect(effects.contains(.saveReminder(quiz, on: false)) && effects.contains(.load(quizChannel, token: 2)))
        #expect(h.state.guide.reminderDue == nil && h.state.current == 1)
        h.expectArmed([.stall, .hintHide, .transportHide])

        let late = watchingNews()
        late.send(.wallClock(nine + 3600, at: late.clock.now), effects: [.saveReminder(quiz, on: false)]) {
            $0.wallClock = nine + 3600
            $0.guide.reminders = []
        }
        late.expectArmed([.stall, .hintHide, .transportHide])
    }

    @Test("a kiosk asleep (its daily sleep is the admin's) is not woken by a reminder with reminders = tune: nothing loads, the screen stays dark")
    func asleepKioskNotTuned() {
        let h = watchingNews(kiosk: true, tune: true)
        sleepNow(h)
        #expect(h.state.sleep.asleep)
        let effects = h.apply(.wallClock(nine - 60, at: h.clock.now))
        #expect(!effects.contains { if case .load = $0 { true } else { false } }, "\(effects)")
        #expect(effects.contains(.saveReminder(quiz, on: false)) && h.state.sleep.asleep && h.state.playback.phase == .idle)
        h.expectArmed([.stall, .badgeHide, .reminderHide, .hintHide])
    }

    @Test("a reminder for a channel this lineup does not have is dropped with a notice, and never comes up")
    func channelGone() {
        let h = watchingNews()
        let gone = Reminder(channel: "gone.tv", start: nine, title: "Old", channelName: "Gone")
        h.send(.libraryLists(favourites: [], reminders: [gone]), effects: [.saveReminder(gone, on: false), .startTimer(.noticeHide, after: 5)]) {
            $0.chrome.notice = "Reminder dropped: Old on Gone is not in this lineup"
            $0.guide.reminders = []
        }
        h.send(.wallClock(nine - 60, at: h.clock.now)) { $0.wallClock = nine - 60 }
        #expect(h.state.guide.reminderDue == nil)
        h.expectArmed([.stall, .hintHide, .noticeHide, .transportHide])
    }

    @Test("two reminders at the same minute come up together; UP / DOWN choose, ENTER tunes the chosen one")
    func together() {
        let h = watchingNews()
        let first = Reminder(channel: "news.tv", start: nine, title: "Headlines", channelName: "News")
        let second = Reminder(channel: "quizChannel.tv", start: nine, title: "Match", channelName: "Film")
        h.apply(.libraryLists(favourites: [], reminders: [second, first]))
        h.apply(.wallClock(nine - 60, at: h.clock.now))
        #expect(h.state.guide.remindersDue == [first, second], "both kept, none lost")
        #expect(h.state.guide.reminderDue == first)
        h.press(.down) { $0.guide.reminderFocus = 1 }
        #expect(h.state.guide.reminderDue == second)
        let tuned = h.apply(.command(.select, at: h.clock.now))
        #expect(tuned.contains { if case .load(let item, _) = $0 { item.guideID == "quizChannel.tv" } else { false } }, "\(tuned)")
        #expect(h.state.guide.remindersDue.isEmpty)
        h.expectArmed([.stall, .hintHide, .transportHide])
    }
}
