/// Typing a channel number: digits gather for two seconds after the last
/// one (or until ENTER), ESC gives up; an unknown number says so. With
/// `ShellSettings.instantDigits`, digits that no further digit can make
/// into another number (no channel's number starts with them and goes on)
/// are tuned at once, as many set-top boxes do: "7" on a lineup of nine
/// channels, "12" when there is no 120–129.
enum ChannelEntryReducer {
    static let maxDigits = 4

    /// Handles `command` if a number is being typed or a digit starts one;
    /// nil when the command is not about channel entry.
    static func reduce(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect]? {
        if case .digit(let d) = command {
            guard !state.channelRing.isEmpty else { return nil }
            var digits = state.live.channelEntry?.digits ?? ""
            if digits.count >= maxDigits { digits = "" }
            digits += String(d)
            state.live.channelEntry = ChannelEntry(digits: digits)
            if state.settings.instantDigits, complete(state, digits) { return commit(&state, now: now) }
            return [.startTimer(.digitCommit, after: state.settings.digitCommitDelay)]
        }
        guard state.live.channelEntry != nil else { return nil }
        switch command {
        case .select:
            return commit(&state, now: now)
        case .menu:
            state.live.channelEntry = nil
            return [.cancelTimer(.digitCommit)]
        default:
            return nil
        }
    }

    /// The keys of a number being typed: any other gives it up (`cancel`)
    /// and goes where it would have gone.
    static let keys: Set<RemoteCommand> = KeyTable.digits.union([.select, .menu])

    /// Whether `digits` can become no other number: the longest there is,
    /// or no channel's number starts with them and has more digits. A
    /// leading zero ("04") waits: the next digit may still make it a number.
    static func complete(_ state: ShellState, _ digits: String) -> Bool {
        if digits.count >= maxDigits { return true }
        guard digits.first != "0" else { return false }
        return !state.items.contains { item in
            guard let number = item.number else { return false }
            let text = String(number)
            return text.count > digits.count && text.hasPrefix(digits)
        }
    }

    /// The number being typed is given up, without a word.
    static func cancel(_ state: inout ShellState) {
        state.live.channelEntry = nil
    }

    /// Tunes the typed number.
    static func commit(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard let entry = state.live.channelEntry, let number = Int(entry.digits) else { return [] }
        state.live.channelEntry = nil
        guard let index = state.items.firstIndex(where: { $0.number == number }) else {
            state.chrome.notice = "No channel \(number)"
            return [.cancelTimer(.digitCommit), .startTimer(.noticeHide, after: state.settings.noticeDelay)]
        }
        if state.screen == .player, state.current == index, state.playback.phase != .failed {
            return [.cancelTimer(.digitCommit)]
        }
        return [.cancelTimer(.digitCommit)] + PlaybackReducer.play(&state, index: index, now: now)
    }
}
