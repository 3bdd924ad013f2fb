import MediaModel

/// Catch-up from the remote: "Start Over" in the live overlay restarts the
/// programme on screen from the channel's archive; the info panel's
/// "Previous Programmes" lists what the archive keeps; an archive item's end
/// proposes (Up Next) the programme that followed, or the channel live once
/// the archive has caught up with it. Programme times are read at
/// `ShellState.wallClock`. Pure.
enum CatchupReducer {
    /// Most programmes the info panel lists.
    static let listed = 48

    /// The live channel whose archive `info` and "Start Over" offer: the
    /// live channel playing (when it has catch-up) or the channel an archive
    /// item comes from.
    static func channel(_ state: ShellState) -> Int? {
        guard let item = state.currentItem else { return nil }
        if let archive = item.archive { return channelIndex(state, archive) }
        guard item.isLive, item.catchup != nil, let current = state.current else { return nil }
        return current
    }

    /// The lineup's live channel `archive` comes from.
    static func channelIndex(_ state: ShellState, _ archive: ArchiveOrigin) -> Int? {
        state.items.firstIndex { $0.id == archive.channelID && $0.isLive && $0.catchup != nil }
    }

    /// The programme "Start Over" restarts: the one on screen on the live
    /// channel playing (`nowNext` of the full-screen channel: behind live,
    /// the one its picture shows), when its archive has it.
    static func startOver(_ state: ShellState) -> Programme? {
        guard let index = state.current, state.items[index].isLive, let catchup = state.items[index].catchup,
              let now = state.nowNext(state.items[index]).now, catchup.covers(start: now.start, now: state.wallClock) else { return nil }
        return now
    }

    /// The programmes of `items[index]` that have ended and are still in its
    /// archive, the latest first (at most `listed`).
    static func previous(_ state: ShellState, index: Int) -> [Programme] {
        let item = state.items[index]
        guard let catchup = item.catchup, let id = item.guideID, state.wallClock > 0 else { return [] }
        let now = state.wallClock
        return Array(state.guide.programmes.programmes(for: id).reversed().lazy
            .filter { ($0.stop ?? $0.start + 3600) <= now }
            .prefix { catchup.covers(start: $0.start, now: now) }
            .prefix(listed))
    }

    /// Plays the programme of `items[index]` that aired at `start` from the
    /// archive; a refusal is shown as a notice.
    static func play(_ state: inout ShellState, index: Int, start: Double, now: Instant) -> [Effect] {
        switch ArchiveItem.make(state, index: index, start: start, now: state.wallClock) {
        case .success(let item):
            let at = state.items.firstIndex { $0.id == item.id && $0.url == item.url } ?? {
                state.items.append(item)
                return state.items.count - 1
            }()
            return PlaybackReducer.play(&state, index: at, now: now)
        case .failure(let refusal):
            state.chrome.notice = "Catch-up: \(refusal.message)"
            return [.startTimer(.noticeHide, after: state.settings.noticeDelay * 2)]
        }
    }

    /// How long the programme of the archive item playing full screen lasts:
    /// where its stream's position ends it. Nil for anything else.
    static func programmeLength(_ state: ShellState) -> Double? {
        programmeLength(state.currentItem)
    }

    /// How long `item`'s programme lasts, when it is an archive item.
    static func programmeLength(_ item: MediaItem?) -> Double? {
        guard let archive = item?.archive, archive.stop > archive.start else { return nil }
        return archive.stop - archive.start
    }

    /// What follows an archive item: the next programme from the archive if
    /// it has ended, else its channel live. Nil for anything else.
    static func continuation(_ state: ShellState) -> ContentProposal? {
        guard let item = state.currentItem, let archive = item.archive, let index = channelIndex(state, archive) else { return nil }
        let channel = state.items[index]
        let countdown = state.settings.upNextCountdown
        if let id = channel.guideID, state.wallClock > 0,
           let next = state.guide.programmes.programmes(for: id).first(where: { $0.start >= archive.stop - 1 }),
           (next.stop ?? next.start + 3600) <= state.wallClock,
           case .success(let following) = ArchiveItem.make(state, index: index, start: next.start, now: state.wallClock) {
            let shown = state.shown(next, on: channel)
            return ContentProposal(title: shown.title, item: following, automaticAcceptanceInterval: countdown, previewImage: shown.icon)
        }
        let name = channel.number.map { "\($0) \(channel.title)" } ?? channel.title
        return ContentProposal(title: "\(name), live", item: channel, automaticAcceptanceInterval: countdown)
    }
}
