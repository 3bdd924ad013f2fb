import MediaModel

/// Reminders: set or removed by ENTER on a future programme (grid or
/// search); each comes up `reminderLead` before its start as a notice that
/// ENTER tunes (ESC dismisses), or tunes by itself with
/// `ShellSettings.remindersTune`. Times are read at `ShellState.wallClock`.
/// Pure.
enum ReminderReducer {
    /// Seconds after its start a reminder still comes up (a shell started
    /// late); older ones are dropped.
    static let grace = 300.0

    /// Sets a reminder on `programme` of `items[index]`, or removes the one set.
    static func toggle(_ state: inout ShellState, index: Int, programme: Programme) -> [Effect] {
        let item = state.items[index]
        let shown = state.shown(programme, on: item)
        let reminder = Reminder(channel: programme.channel, start: programme.start, title: shown.title, channelName: item.title)
        if state.hasReminder(channel: reminder.channel, start: reminder.start) {
            state.guide.reminders.removeAll { $0.channel == reminder.channel && $0.start == reminder.start }
            state.chrome.notice = "Reminder removed: \(shown.title)"
            return [.saveReminder(reminder, on: false), .startTimer(.noticeHide, after: state.settings.noticeDelay)]
        }
        state.guide.reminders.append(reminder)
        state.guide.reminders.sort { ($0.start, $0.channel) < ($1.start, $1.channel) }
        state.chrome.notice = "Reminder set: \(shown.title) on \(item.title)"
        return [.saveReminder(reminder, on: true), .startTimer(.noticeHide, after: state.settings.noticeDelay * 2)]
    }

    /// The wall clock moved: brings up every reminder now due (one notice
    /// listing them, the first focused; with `remindersTune`, tunes to the
    /// first) and drops stale ones.
    static func wallClockChanged(_ state: inout ShellState, now: Instant) -> [Effect] {
        let wall = state.wallClock
        guard wall > 0 else { return [] }
        var effects: [Effect] = []
        var due: [Reminder] = []
        while let first = state.guide.reminders.first, first.start - state.settings.reminderLead <= wall {
            state.guide.reminders.removeFirst()
            effects.append(.saveReminder(first, on: false))
            // One for a channel this lineup does not have is dropped quietly.
            if first.start + grace > wall, state.itemIndex(guideChannel: first.channel) != nil || state.items.isEmpty { due.append(first) }
        }
        guard let first = due.first else { return effects }
        let shown = state.guide.remindersDue.filter { old in !due.contains { $0.channel == old.channel && $0.start == old.start } }
        if !shown.isEmpty { due = shown + due }
        // Asleep (the kiosk's daily sleep is the admin's), a reminder tunes nothing.
        if state.settings.remindersTune, state.kiosk, !state.sleep.asleep, let index = state.itemIndex(guideChannel: first.channel), state.prompt == nil {
            state.guide.grid = nil
            state.guide.search = nil
            return effects + PlaybackReducer.play(&state, index: index, now: now)
        }
        state.guide.remindersDue = due
        state.guide.reminderFocus = 0
        return effects + [.startTimer(.reminderHide, after: state.settings.reminderLead + 120)]
    }

    /// A key while a reminder's notice is up: ENTER tunes (to the one
    /// chosen with UP / DOWN when several are up), ESC dismisses;
    /// nil for other keys (they go on as usual, the notice stays), and while
    /// a channel number is being typed (ENTER tunes the number).
    static func reduceCommand(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect]? {
        guard let due = state.guide.reminderDue, state.prompt == nil, state.live.channelEntry == nil else { return nil }
        switch command {
        case .select:
            state.guide.reminderDue = nil
            guard let index = state.itemIndex(guideChannel: due.channel) else {
                state.chrome.notice = "\(due.channelName) is not in this lineup any more"
                return [.cancelTimer(.reminderHide), .startTimer(.noticeHide, after: state.settings.noticeDelay * 2)]
            }
            state.guide.grid = nil
            state.guide.search = nil
            return [.cancelTimer(.reminderHide)] + PlaybackReducer.play(&state, index: index, now: now)
        case .menu:
            state.guide.reminderDue = nil
            return [.cancelTimer(.reminderHide)]
        case .up, .down:
            // Several at once: UP / DOWN choose the one ENTER tunes to.
            let count = state.guide.remindersDue.count
            guard count > 1 else { return nil }
            state.guide.reminderFocus = (state.guide.reminderFocus + (command == .down ? 1 : count - 1)) % count
            return []
        default:
            return nil
        }
    }
}
