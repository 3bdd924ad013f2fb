import MediaModel

/// ENTER on a programme, in the grid or the search results: on now, tunes
/// to its channel; past, plays it from the archive when the channel has
/// catch-up (else says why not); future, offers its reminder and recording
/// (`RecordingsReducer.offer`). Times are read at `ShellState.wallClock`. Pure.
enum ProgrammeChoice {
    static func choose(_ state: inout ShellState, index: Int, programme: Programme?, start: Double, stop: Double, now: Instant) -> [Effect] {
        let item = state.items[index]
        let wall = state.wallClock
        let grid = state.guide.grid
        let search = state.guide.search
        if start <= wall && wall < stop {
            state.guide.grid = nil
            state.guide.search = nil
            return PlaybackReducer.play(&state, index: index, now: now)
        }
        guard let programme else { return [] }
        if stop <= wall {
            guard item.catchup != nil else {
                return notice(&state, "\(item.title) has no catch-up: past programmes cannot be played")
            }
            state.guide.grid = nil
            state.guide.search = nil
            let effects = CatchupReducer.play(&state, index: index, start: programme.start, now: now)
            if state.screen == .guide {
                state.guide.grid = grid
                state.guide.search = search
            }
            return effects
        }
        return RecordingsReducer.offer(&state, index: index, programme: programme)
    }

    private static func notice(_ state: inout ShellState, _ text: String) -> [Effect] {
        state.chrome.notice = text
        return [.startTimer(.noticeHide, after: state.settings.noticeDelay * 2)]
    }
}
