import MediaModel

/// Ad breaks (commercial segments) as tvOS's interstitial time ranges: a
/// seek from before an unwatched break to after it plays the break first and
/// keeps the target (`ShellState.pendingTarget`), sought once the break is
/// over; inside one, seeking and scrubbing are refused with "Ad · 0:23 left"
/// (pause still works). A break played to its end is watched for the session
/// and can be skipped like anything else. `ShellSettings.linearBreaks` off
/// lifts all of it (breaks are still drawn).
enum BreakReducer {
    /// The unwatched break playback is in, when breaks are enforced.
    static func current(_ state: ShellState) -> Segment? {
        guard state.settings.linearBreaks, let position = state.playback.position else { return nil }
        return state.playback.segments.first { $0.kind == .commercial && $0.contains(position) && !watched(state, $0) }
    }

    static func watched(_ state: ShellState, _ segment: Segment) -> Bool {
        guard let id = state.currentItem?.id else { return false }
        return state.segments.watchedBreaks[id]?.contains(segment.start) ?? false
    }

    /// Inside a break: the notice, and nil for "go ahead".
    static func refusal(_ state: inout ShellState) -> [Effect]? {
        guard let segment = current(state), let position = state.playback.position else { return nil }
        state.chrome.notice = "Ad · \(formatTime(max(0, segment.end - position).rounded(.up))) left"
        return [.startTimer(.noticeHide, after: state.settings.noticeDelay)]
    }

    /// A seek of the main player to `target` (`by` it, relatively, when
    /// given): refused inside a break; to the first unwatched break on the
    /// way when one lies between, keeping the target for after it.
    static func seek(_ state: inout ShellState, to target: Double, exact: Bool = true, by offset: Double? = nil) -> [Effect] {
        if let refused = refusal(&state) { return refused }
        let from = state.playback.position ?? 0
        guard state.settings.linearBreaks, target > from,
              let crossed = state.playback.segments.first(where: { $0.kind == .commercial && $0.start >= from && $0.start < target && !watched(state, $0) })
        else { return [offset.map { .seekBy($0) } ?? .seek(to: target, exact: exact)] }
        state.segments.pendingTarget = target
        return [.seek(to: crossed.start, exact: true)]
    }

    /// The position moved: entering a break tells automation; leaving it at
    /// its end makes it watched and goes on to the kept target.
    static func positionChanged(_ state: inout ShellState, to position: Double) -> [Effect] {
        guard let id = state.currentItem?.id else { return [] }
        if let active = state.segments.activeBreak {
            guard !active.contains(position) || position >= active.end - 0.3 else { return [] }
            state.segments.activeBreak = nil
            var effects: [Effect] = []
            if position >= active.end - 0.5 {
                state.segments.watchedBreaks[id, default: []].insert(active.start)
                effects.append(.emit(.interstitialFinished(start: active.start, end: active.end)))
                if let target = state.segments.pendingTarget {
                    state.segments.pendingTarget = nil
                    PlaybackReducer.seek(&state, to: target)
                    effects.append(.seek(to: target, exact: true))
                }
            }
            return effects
        }
        guard let segment = current(state) else { return [] }
        state.segments.activeBreak = segment
        return [.emit(.interstitialStarted(start: segment.start, end: segment.end))]
    }
}
