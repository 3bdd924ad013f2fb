import MediaModel

/// Segments while playing: the "Skip Intro" button (and recap, credits,
/// preview) while playback is inside one, taken with ENTER; or, for kinds set
/// to `auto`, the skip itself when playback reaches the segment from before
/// it (never after a seek into it), undone by LEFT within 5 s.
enum SegmentReducer {
    /// The position moved from `old` to `new` (a player report).
    static func positionChanged(_ state: inout ShellState, from old: Double?, to new: Double, now: Instant) -> [Effect] {
        guard state.screen == .player, !state.isLive, state.scrub == nil else { return [] }
        let current = state.playback.segments.first { $0.kind != .commercial && $0.contains(new) && choice(state, $0.kind) != .never }
        guard let segment = current else {
            guard state.segments.contextualAction?.segment != nil else { return [] }
            state.segments.contextualAction = nil
            return [.cancelTimer(.contextualActionHide)]
        }
        if state.segments.contextualAction?.segment == segment { return [] }
        let action = ContextualAction(for: segment)
        // From before it while playing on, or in the first seconds of a
        // segment that opens the file (its chapters may be known only then).
        let reached = (old.map { $0 < segment.start && new - $0 < 2 } ?? true) || (segment.start < 1 && new < 2)
        if choice(state, segment.kind) == .auto, reached, !state.playback.seekPending, state.segments.declinedSkip != segment {
            state.segments.contextualAction = nil
            state.segments.automaticSkip = AutomaticSkip(segment: segment, from: new, until: now + state.settings.automaticSkipUndo)
            state.chrome.notice = skippedNotice(segment, state.settings)
            PlaybackReducer.seek(&state, to: segment.end)
            return [
                .seek(to: segment.end, exact: true), .cancelTimer(.contextualActionHide),
                .startTimer(.noticeHide, after: state.settings.automaticSkipUndo),
                .emit(.contextualAction(id: action.id, automatic: true)),
            ]
        }
        state.segments.contextualAction = action
        return [
            .startTimer(.contextualActionHide, after: state.settings.contextualActionDuration),
            .emit(.contextualActionShown(title: action.title, id: action.id, target: action.target)),
        ]
    }

    /// The program's actions for the second playing now: the first is
    /// offered (a segment's own button stands over it); none takes the
    /// program's button away.
    static func programActions(_ state: inout ShellState, _ actions: [ProgramAction], token: Int) -> [Effect] {
        guard token == state.playback.token, state.segments.contextualAction?.segment == nil else { return [] }
        guard let first = actions.first else {
            guard state.segments.contextualAction != nil else { return [] }
            state.segments.contextualAction = nil
            return [.cancelTimer(.contextualActionHide)]
        }
        guard state.segments.contextualAction?.id != first.id else { return [] }
        let action = ContextualAction(program: first)
        state.segments.contextualAction = action
        return [
            .startTimer(.contextualActionHide, after: state.settings.contextualActionDuration),
            .emit(.contextualActionShown(title: action.title, id: action.id, target: nil)),
        ]
    }

    /// Asks the program for its actions when playback enters a new second
    /// (only when it offers any: `ShellSettings.askProgramForActions`).
    static func askProgram(_ state: ShellState, from old: Double?, to new: Double) -> [Effect] {
        guard state.settings.askProgramForActions, state.screen == .player, (old.map { $0.rounded(.down) } ?? -1) != new.rounded(.down) else { return [] }
        return [.askContextualActions(at: new.rounded(.down), token: state.playback.token)]
    }

    /// ENTER while the button shows: take it.
    static func take(_ state: inout ShellState) -> [Effect]? {
        guard let action = state.segments.contextualAction, isShown(state), state.chrome.overlay == .none, state.scrub == nil else { return nil }
        state.segments.contextualAction = nil
        if action.segment?.kind == .credits, state.upNext.card == nil, let proposal = UpNextReducer.proposal(state) {
            return [.cancelTimer(.contextualActionHide), .emit(.contextualAction(id: action.id, automatic: false))]
                + UpNextReducer.present(&state, proposal)
        }
        guard let target = action.target else {
            return [.programActionActivated(action.id), .cancelTimer(.contextualActionHide), .emit(.contextualAction(id: action.id, automatic: false))]
        }
        PlaybackReducer.seek(&state, to: target)
        return [.seek(to: target, exact: true), .cancelTimer(.contextualActionHide), .emit(.contextualAction(id: action.id, automatic: false))]
    }

    /// LEFT within 5 s of a skip made by itself: back to where it skipped
    /// from. Its "Skipped …" notice goes; another that has taken its place
    /// since (a notice from behind, after a key's short one) stays.
    static func undo(_ state: inout ShellState, now: Instant) -> [Effect]? {
        guard let skip = state.segments.automaticSkip, now < skip.until else { return nil }
        state.segments.automaticSkip = nil
        state.segments.declinedSkip = skip.segment
        PlaybackReducer.seek(&state, to: skip.from)
        guard state.chrome.notice == skippedNotice(skip.segment, state.settings) else { return [.seek(to: skip.from, exact: true)] }
        state.chrome.notice = nil
        return [.seek(to: skip.from, exact: true), .cancelTimer(.noticeHide)]
    }

    /// What an automatic skip of `segment` says while it can be undone.
    private static func skippedNotice(_ segment: Segment, _ settings: ShellSettings) -> String {
        "Skipped \(segment.kind.rawValue) · \(settings.backGlyph) to go back"
    }

    /// The button's 8 s are up.
    static func hide(_ state: inout ShellState) -> [Effect] {
        state.segments.contextualAction?.hidden = true
        return []
    }

    /// Whether the button is on screen: within its 8 s, or while the transport bar is up.
    static func isShown(_ state: ShellState) -> Bool {
        guard let action = state.segments.contextualAction else { return false }
        return !action.hidden || state.chrome.transportVisible
    }

    static func choice(_ state: ShellState, _ kind: Segment.Kind) -> SegmentChoice {
        state.settings.segmentChoices[kind] ?? .ask
    }
}
