import MediaModel

/// The guide's grid: opened by `guide` (`g`, KEY_EPG) when there is a guide;
/// UP/DOWN move by channel, LEFT/RIGHT by programme, channel up/down
/// (PGUP/PGDWN) by page, `<` / `>` by a day; ENTER tunes to what is on now,
/// plays a past programme from the archive (when the channel has catch-up),
/// and sets a reminder on a future one (`ProgrammeChoice`); the focused
/// channel is previewed as in the list (`PreviewReducer`); `f` marks the
/// focused channel a favourite; `guide` again shows the list, ESC
/// goes home. Times are read at `ShellState.wallClock`. Pure.
public enum GuideGridReducer {
    /// The grid's rows: the live channels, favourites first (`listOrder`).
    public static func rows(_ state: ShellState) -> [Int] {
        state.lineupIndex.liveOrder
    }

    /// Whether the grid can open: a guide with programmes and a channel.
    static func available(_ state: ShellState) -> Bool {
        !state.guide.programmes.channelIDs.isEmpty && state.wallClock > 0 && !rows(state).isEmpty
    }

    /// Opens the grid on the guide screen, focused on the channel playing
    /// (else the list's selection) at now.
    static func open(_ state: inout ShellState) -> [Effect] {
        let rows = rows(state)
        guard let first = rows.first else { return [] }
        let wanted = [state.current, state.navigation.homeSelection].compactMap { $0 }.first { state.items.indices.contains($0) && state.items[$0].isLive } ?? first
        let now = state.wallClock
        var grid = GuideGrid(channel: wanted, time: now, start: halfHour(now) - 1800)
        scroll(&grid, state: state)
        NavigationReducer.go(&state, to: .guide)
        state.guide.grid = grid
        return ensureWindow(&state)
    }

    /// Asks for the stored guide's window around the focus when the columns
    /// shown (and half an hour either side) reach beyond the one held, once
    /// until it comes.
    static func ensureWindow(_ state: inout ShellState) -> [Effect] {
        guard state.screen == .guide, let grid = state.guide.grid, let held = state.guide.window else { return [] }
        let layout = GuideGridLayout(state.display, channels: rows(state).count)
        let (from, to) = (grid.start - 1800, grid.start + layout.span + 1800)
        if held.contains(from: from, to: to) { return [] }
        if let wanted = state.guide.windowWanted, GuideWindow.around(wanted).contains(from: from, to: to) { return [] }
        state.guide.windowWanted = grid.time
        return [.loadGuideWindow(around: grid.time)]
    }

    /// The wall clock moves to `time`: a focus on what was on (its cell held
    /// the clock before) moves with the clock, onto what is on now on that
    /// channel once it ended — the viewer who opened the grid at 20:59 and
    /// presses ENTER at 21:01 tunes in rather than being told the 20:30
    /// programme has no catch-up, and UP/DOWN go on meeting what is on now.
    /// A focus moved to the past or the future stays where it was put
    /// (a future one follows once its programme begins).
    static func clockMoved(_ state: inout ShellState, to time: Double) -> [Effect] {
        let before = state.wallClock
        state.wallClock = time
        guard var grid = state.guide.grid, before > 0, grid.time < time else { return [] }
        let held = focused(state, grid)
        guard held.start <= before, before < held.stop else { return [] }
        grid.time = time
        scroll(&grid, state: state)
        state.guide.grid = grid
        return ensureWindow(&state)
    }

    /// ESC on the guide (grid or list): what played before it comes back —
    /// from the picture (not reloaded), or played again when the picture
    /// could not carry it (`GuideState.backToChannel`) — else the home screen.
    static func leave(_ state: inout ShellState, now: Instant) -> [Effect] {
        if state.guide.backToPicture, state.picture.pip != nil { return PictureReducer.restore(&state, now: now) }
        if let index = state.guide.backToChannel, state.items.indices.contains(index) { return PlaybackReducer.play(&state, index: index, now: now) }
        NavigationReducer.go(&state, to: .home)
        return []
    }

    /// A command while the grid is up; nil when the grid is not.
    static func reduceCommand(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect]? {
        guard state.screen == .guide, var grid = state.guide.grid else { return nil }
        let rows = rows(state)
        guard let row = state.lineupIndex.livePosition(of: grid.channel) else {
            state.guide.grid = nil
            return []
        }
        let layout = GuideGridLayout(state.display, channels: rows.count)
        switch command {
        case .up, .down:
            let to = min(max(0, row + (command == .up ? -1 : 1)), rows.count - 1)
            grid.channel = rows[to]
        case .channelUp, .channelDown:
            let to = min(max(0, row + (command == .channelUp ? -1 : 1) * layout.channelRows), rows.count - 1)
            grid.channel = rows[to]
            grid.top = min(max(0, grid.top + (command == .channelUp ? -1 : 1) * layout.channelRows), max(0, rows.count - layout.channelRows))
        case .right:
            let cell = focused(state, grid)
            grid.time = cell.stop
        case .left:
            let cell = focused(state, grid)
            let before = Self.cell(state, channel: grid.channel, at: cell.start - 1)
            grid.time = max(before.start, cell.start - 86400)
        case .dayBack, .dayForward, .frameBack, .frameForward:
            // A remote's ⏮ / ⏭ (frame steps in the player) are its day keys here.
            let back = command == .dayBack || command == .frameBack
            grid.time += back ? -86400 : 86400
            grid.start += back ? -86400 : 86400
        case .select:
            return select(&state, grid, now: now)
        case .record:
            let cell = focused(state, grid)
            return RecordingsReducer.guideCell(&state, index: grid.channel, programme: cell.programme, start: cell.start, stop: cell.stop)
        case .guide:
            state.guide.grid = nil
            return []
        case .menu:
            state.guide.grid = nil
            return leave(&state, now: now)
        default:
            return []
        }
        scroll(&grid, state: state)
        state.guide.grid = grid
        return ensureWindow(&state)
    }

    /// A cell of the grid: a programme, or the empty half hour where the
    /// guide has none.
    public struct Cell: Equatable, Sendable {
        public var start: Double
        public var stop: Double
        public var programme: Programme?

        public init(start: Double, stop: Double, programme: Programme?) {
            self.start = start
            self.stop = stop
            self.programme = programme
        }
    }

    /// The cell on `items[channel]` at `time`.
    public static func cell(_ state: ShellState, channel: Int, at time: Double) -> Cell {
        let item = state.items[channel]
        if let id = item.guideID {
            let list = state.guide.programmes.programmes(for: id)
            var low = 0, high = list.count
            while low < high {
                let mid = (low + high) / 2
                if list[mid].start <= time { low = mid + 1 } else { high = mid }
            }
            if low > 0, let stop = list[low - 1].stop ?? (low < list.count ? list[low].start : nil), time < stop {
                return Cell(start: list[low - 1].start, stop: stop, programme: list[low - 1])
            }
            let gapStart = max(halfHour(time), low > 0 ? (list[low - 1].stop ?? list[low - 1].start) : -.infinity)
            let gapStop = min(halfHour(time) + 1800, low < list.count ? list[low].start : .infinity)
            return Cell(start: gapStart, stop: gapStop, programme: nil)
        }
        return Cell(start: halfHour(time), stop: halfHour(time) + 1800, programme: nil)
    }

    /// The focused cell.
    public static func focused(_ state: ShellState, _ grid: GuideGrid) -> Cell {
        cell(state, channel: grid.channel, at: grid.time)
    }

    static func halfHour(_ time: Double) -> Double { (time / 1800).rounded(.down) * 1800 }

    /// Keeps the focus in view: its channel among the rows shown, its time
    /// among the columns.
    private static func scroll(_ grid: inout GuideGrid, state: ShellState) {
        let rows = rows(state)
        let layout = GuideGridLayout(state.display, channels: rows.count)
        if let row = state.lineupIndex.livePosition(of: grid.channel) {
            if row < grid.top { grid.top = row }
            if row >= grid.top + layout.channelRows { grid.top = row - layout.channelRows + 1 }
            grid.top = max(0, min(grid.top, max(0, rows.count - layout.channelRows)))
        }
        if grid.time < grid.start || grid.time >= grid.start + layout.span {
            grid.start = halfHour(grid.time) - (layout.slots > 2 ? 1800 : 0)
        }
    }

    /// ENTER: the programme's choice; on what is on now with its preview
    /// playing, the preview becomes the full screen without a second load.
    private static func select(_ state: inout ShellState, _ grid: GuideGrid, now: Instant) -> [Effect] {
        let cell = focused(state, grid)
        if cell.start <= state.wallClock, state.wallClock < cell.stop, let promoted = PreviewReducer.promote(&state, index: grid.channel, now: now) {
            state.guide.grid = nil
            return promoted
        }
        return ProgrammeChoice.choose(&state, index: grid.channel, programme: cell.programme, start: cell.start, stop: cell.stop, now: now)
    }
}
