import MediaModel

/// Recordings: `r` on a live channel (playing, on the home screen, in
/// the guide) opens the dialog (until the programme's end, for a while, or
/// nothing); ENTER (or `r`) on a future programme in the guide offers its
/// reminder, recording it, or every airing of its title; the choice
/// becomes `Effect.record` (or `cancelRecording`), which the runtime's
/// scheduler keeps. The scheduler's reports (`Action.recordings`) replace
/// the list, push `recording-started` / `-finished` / `-failed`, and put
/// each new recording's item under "Recordings" on the home screen. Pure.
enum RecordingsReducer {
    /// `r` on the player.
    static func open(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard let index = state.current, state.playback.phase != .idle else {
            return notice(&state, "Only a live channel can be recorded")
        }
        return open(&state, index: index)
    }

    /// `r` on the player, or on a channel of the home screen or the guide's
    /// list: `items[index]` from now (until its programme's end, for a
    /// while); a dialog cancelling the recording when one is being written.
    static func open(_ state: inout ShellState, index: Int) -> [Effect] {
        guard state.items.indices.contains(index), state.items[index].isLive else {
            return notice(&state, "Only a live channel can be recorded")
        }
        if let why = unrecordable(state.items[index]) { return notice(&state, why) }
        // What airs now, even behind live: the recorder records the live edge.
        let programme = state.nowNext(state.items[index], at: state.wallClock).now
        var choices: [RecordDialog.Choice] = []
        if let pending = pendingRecording(state, channel: index, programme: programme) {
            choices.append(.cancelRecording(id: pending.id))
        } else if let programme, let stop = programme.stop, stop > state.wallClock {
            choices.append(.untilEnd(stop))
        }
        choices += [.forDuration, .cancel]
        state.recordings.dialog = RecordDialog(channel: index, programme: programme, choices: choices)
        return []
    }

    /// `r` on a cell of the guide's grid (`programme` from `start` to `stop`,
    /// nil for an empty one) of `items[index]`: airing now, the channel's
    /// dialog (as on the player); still to come, its offer with Record (or
    /// Cancel recording) focused; over, a notice that says why not.
    static func guideCell(_ state: inout ShellState, index: Int, programme: Programme?, start: Double, stop: Double) -> [Effect] {
        let wall = state.wallClock
        if start <= wall && wall < stop { return open(&state, index: index) }
        guard state.items.indices.contains(index), let programme else { return notice(&state, "No programme in the guide here to record") }
        let shown = state.shown(programme, on: state.items[index]).title
        guard stop > wall else { return notice(&state, "\(shown) has ended: it can no longer be recorded") }
        let effects = offer(&state, index: index, programme: programme)
        state.recordings.dialog?.focus = 1
        return effects
    }

    /// ENTER on a programme still to come, in the grid or the search results.
    static func offer(_ state: inout ShellState, index: Int, programme: Programme) -> [Effect] {
        var choices: [RecordDialog.Choice] = [.remind(set: state.hasReminder(channel: programme.channel, start: programme.start))]
        if let pending = pendingRecording(state, channel: index, programme: programme) {
            choices.append(.cancelRecording(id: pending.id))
        } else if unrecordable(state.items[index]) == nil {
            choices += [.record, .recordSeries]
        }
        choices.append(.cancel)
        state.recordings.dialog = RecordDialog(channel: index, programme: programme, choices: choices)
        return []
    }

    /// IPC `record`: channel `index` from `start` (nil: now) until the end of
    /// the programme airing then, or for `seconds` when given.
    static func request(_ state: inout ShellState, index: Int, start: Double?, seconds: Double?) -> [Effect] {
        guard state.items.indices.contains(index), state.items[index].isLive else { return [] }
        let item = state.items[index]
        if let why = unrecordable(item) { return notice(&state, why) }
        let wall = state.wallClock
        let from = max(start ?? wall, wall)
        guard from <= wall + RecordRequest.furthestAhead, (seconds ?? 0) <= RecordRequest.longest else {
            return notice(&state, "A recording starts within a year and lasts a week at most")
        }
        let programme = item.guideID.flatMap { state.guide.programmes.nowNext(channel: $0, at: from).now }
        let title = programme?.title ?? item.title
        if let seconds {
            let (rating, understood) = RecordRequest.ratings(item, programme, during: airing(state, item, from: from, to: from + seconds))
            let request = RecordRequest(channel: item, title: title, start: from, end: from + seconds, rating: rating, heldTo: understood, summary: programme?.summary, padded: false)
            return [.record(request)]
        }
        guard let programme, let stop = programme.stop else {
            return notice(&state, "No programme of \(item.title) in the guide then: give the recording a length")
        }
        let future = programme.start > wall
        let (rating, understood) = RecordRequest.ratings(item, programme)
        let request = RecordRequest(channel: item, title: title, start: future ? programme.start : wall, end: stop, rating: rating, heldTo: understood, summary: programme.summary)
        return [.record(request)]
    }

    /// The programmes of the guide's window on `item` airing at some time
    /// between `from` and `to`: what a recording of that span holds.
    static func airing(_ state: ShellState, _ item: MediaItem, from: Double, to: Double) -> [Programme] {
        guard let id = item.guideID else { return [] }
        return state.guide.programmes.programmes(for: id).filter { $0.start < to && ($0.stop ?? $0.start + 1) > from }
    }

    /// Why `item` cannot be recorded, when it cannot: its picture is made
    /// by the player itself (mpv's `av://lavfi:` sources, as the demo's
    /// channels), not a stream a recorder can copy. Nil: it can.
    static func unrecordable(_ item: MediaItem) -> String? {
        let url = item.url.lowercased()
        guard url.hasPrefix("av://") || url.hasPrefix("lavfi://") || url.hasPrefix("mf://") else { return nil }
        return "\(item.title) cannot be recorded: its picture is made by the player, not a stream that can be copied"
    }

    /// Keys while the dialog is up; nil when it is not (or for a key it leaves).
    static func reduceCommand(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect]? {
        guard var dialog = state.recordings.dialog else { return nil }
        switch command {
        case .up: dialog.focus = max(0, dialog.focus - 1)
        case .down: dialog.focus = min(dialog.choices.count - 1, dialog.focus + 1)
        case .left, .right:
            guard dialog.choices[dialog.focus] == .forDuration, let at = RecordDialog.lengths.firstIndex(of: dialog.minutes) else { return [] }
            let next = command == .left ? max(0, at - 1) : min(RecordDialog.lengths.count - 1, at + 1)
            dialog.minutes = RecordDialog.lengths[next]
        case .menu:
            state.recordings.dialog = nil
            return []
        case .select:
            state.recordings.dialog = nil
            return choose(&state, dialog, dialog.choices[dialog.focus])
        default:
            return []
        }
        state.recordings.dialog = dialog
        return []
    }

    private static func choose(_ state: inout ShellState, _ dialog: RecordDialog, _ choice: RecordDialog.Choice) -> [Effect] {
        guard state.items.indices.contains(dialog.channel) else { return [] }
        let item = state.items[dialog.channel]
        let wall = state.wallClock
        let programme = dialog.programme
        let title = programme?.title ?? item.title
        let shown = programme.map { state.shown($0, on: item).title } ?? item.title
        let (rating, understood) = RecordRequest.ratings(item, programme)
        let settings = state.settings
        let clock = { (t: Double) in formatClock(t, utcOffset: settings.utcOffset(at: t)) }
        switch choice {
        case .untilEnd(let stop):
            let request = RecordRequest(channel: item, title: title, start: wall, end: stop, rating: rating, heldTo: understood, summary: programme?.summary)
            return [.record(request)] + notice(&state, "Recording \(shown) until \(clock(stop))")
        case .forDuration:
            let end = wall + Double(dialog.minutes * 60)
            let (_, during) = RecordRequest.ratings(item, programme, during: airing(state, item, from: wall, to: end))
            let request = RecordRequest(channel: item, title: title, start: wall, end: end, rating: rating, heldTo: during, summary: programme?.summary, padded: false)
            return [.record(request)] + notice(&state, "Recording \(item.title) until \(clock(end))")
        case .remind:
            guard let programme else { return [] }
            return ReminderReducer.toggle(&state, index: dialog.channel, programme: programme)
        case .record, .recordSeries:
            guard let programme, let stop = programme.stop else { return notice(&state, "\(shown) has no end time in the guide: it cannot be recorded") }
            let series = choice == .recordSeries
            let request = RecordRequest(channel: item, title: programme.title, start: programme.start, end: stop, rating: rating, heldTo: understood,
                                        summary: programme.summary, series: series)
            let when = formatDayAndClock(programme.start, utcOffset: state.settings.utcOffset(at: programme.start))
            return [.record(request)] + notice(&state, series ? "Recording every \(shown) on \(item.title)" : "\(shown) will be recorded (\(when))")
        case .cancelRecording(let id):
            return [.cancelRecording(id: id)] + notice(&state, "Recording of \(shown) cancelled")
        case .cancel:
            return []
        }
    }

    /// The scheduler's list: events for what started, finished or failed
    /// since the last report (and a notice as an active recording's channel
    /// is found down before anything is recorded, and as it records after
    /// all), the items of recordings new to the list (`items`, made by the
    /// runtime: the file, held to its ratings), and no more item for a
    /// recording gone from it (`forgetDeleted`).
    static func report(_ state: inout ShellState, _ list: [RecordingInfo], items: [MediaItem]) -> [Effect] {
        let before = Dictionary(state.recordings.list.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var effects: [Effect] = []
        var told: String?
        for recording in list {
            let old = before[recording.id]
            if recording.waitsForItsChannel != (old?.waitsForItsChannel ?? false) {
                told = recording.waitsForItsChannel
                    ? "\(recording.title) is not recorded yet: \(recording.reason ?? "its channel is down") until \(formatClock(recording.end, utcOffset: state.settings.utcOffset(at: recording.end)))"
                    : recording.status == .active ? "\(recording.title) is being recorded now" : told
            }
            guard old?.status != recording.status else { continue }
            let title = recording.title
            switch recording.status {
            case .active: effects.append(.emit(.recordingStarted(recording)))
            case .finished where old != nil:
                effects.append(.emit(.recordingFinished(recording)))
                told = "\(title) is recorded: it is under Recordings"
            case .failed where old != nil:
                effects.append(.emit(.recordingFailed(recording)))
                told = "The recording of \(title) stopped: \(recording.reason ?? "it failed")"
            default: break
            }
        }
        if let told { effects += notice(&state, told) }
        state.recordings.list = list
        for item in items where item.id.hasPrefix("recording:") {
            let id = String(item.id.dropFirst("recording:".count))
            guard !state.recordings.listed.contains(id) else { continue }
            state.recordings.listed.insert(id)
            state.items.append(item)
        }
        forgetDeleted(&state)
        return effects
    }

    /// Recordings deleted since they were listed (`tvshell recordings
    /// delete`) leave the home screen: their items go. Recording items are
    /// the last of `items`, so only items after the first deleted one move;
    /// while one of those is in use (playing, in the picture, offered to
    /// resume, named by the passcode prompt) nothing goes, until a later
    /// report. The home row stays on the item it was on (else the one
    /// before the first gone).
    private static func forgetDeleted(_ state: inout ShellState) {
        let known = Set(state.recordings.list.map(\.id))
        let prefix = "recording:"
        let gone = state.items.indices.filter { index in
            let id = state.items[index].id
            return id.hasPrefix(prefix) && !known.contains(String(id.dropFirst(prefix.count)))
        }
        guard let first = gone.first, state.prompt == nil else { return }
        let inUse = [state.current, state.picture.pip?.index, state.upNext.resumeOffer?.index, state.upNext.startPending].compactMap { $0 }
        guard inUse.allSatisfy({ $0 < first }) else { return }
        let selection = state.navigation.homeSelection
        for index in gone.reversed() {
            state.recordings.listed.remove(String(state.items[index].id.dropFirst(prefix.count)))
        }
        let goneSet = Set(gone)
        state.items = state.items.indices.filter { !goneSet.contains($0) }.map { state.items[$0] }
        if selection >= first {
            state.navigation.homeSelection = goneSet.contains(selection)
                ? max(0, first - 1) : selection - gone.filter { $0 < selection }.count
        }
    }

    /// The recording of `programme` (else, without one, of the channel now)
    /// still to come or being written.
    private static func pendingRecording(_ state: ShellState, channel index: Int, programme: Programme?) -> RecordingInfo? {
        let item = state.items[index]
        return state.recordings.list.first { recording in
            guard recording.isPending, recording.channel == item.number, recording.channelName == item.title else { return false }
            if let programme { return recording.programmeStart == programme.start || recording.start <= programme.start && programme.start < recording.end }
            return recording.start <= state.wallClock && state.wallClock < recording.end
        }
    }

    private static func notice(_ state: inout ShellState, _ text: String) -> [Effect] {
        state.chrome.notice = text
        return [.startTimer(.noticeHide, after: state.settings.noticeDelay * 2)]
    }
}
