/// The guide's grid (`g`, KEY_EPG), while it is up: channels down, time
/// across in half-hour columns. The focus is a channel and a time; the
/// focused cell is the programme on that channel at that time (or the empty
/// half hour there).
public struct GuideGrid: Equatable, Sendable {
    /// The focused channel: an index into `ShellState.items` (a live channel).
    public var channel: Int
    /// The focus time (seconds since 1970).
    public var time: Double
    /// The time of the first half-hour column.
    public var start: Double
    /// The first channel row shown (an index into `GuideGridReducer.rows`).
    public var top: Int

    public init(channel: Int, time: Double, start: Double, top: Int = 0) {
        self.channel = channel
        self.time = time
        self.start = start
        self.top = top
    }
}

/// Where the grid's parts go on a terminal of `columns` × `rows` cells:
/// the reducer scrolls by it and the view draws by it, so both agree. A
/// narrow terminal shows fewer half hours, never narrower ones; a wide one
/// shows three hours at most, in wider half hours. Pure.
public struct GuideGridLayout: Equatable, Sendable {
    /// Cells of a half-hour column at the least.
    public static let minimumSlotWidth = 12
    /// Half hours shown at the most (three hours): a wide screen gives
    /// each half hour more cells, so titles show as far as they fit.
    public static let maximumSlots = 6
    /// Cells of one half-hour column.
    public let slotWidth: Int
    /// Rows of the details panel under the grid (its rule included), at the
    /// least: it takes the rows the channels leave empty, up to a third of
    /// the screen (`detailHeight`).
    public static let detailRows = 6
    /// The narrowest screen whose details panel has room for the preview:
    /// the TV's 60 columns (its details' text then 36 cells wide).
    public static let previewMinimumColumns = 60

    public let columns: Int
    public let nameWidth: Int
    /// Half-hour columns shown.
    public let slots: Int
    /// The row of the time header; channel rows follow it.
    public let headerRow = 2
    /// Channel rows shown: as many as fit, no more than there are channels
    /// (the details follow the last one directly).
    public let channelRows: Int
    /// Rows of the details panel here (its rule included): `detailRows`, or
    /// more on a tall screen with few channels (a longer summary, a larger
    /// preview), up to a third of the screen.
    public let detailHeight: Int

    public init(columns: Int, rows: Int, channels: Int = .max) {
        self.columns = columns
        nameWidth = columns >= 120 ? 22 : 16
        let available = columns - nameWidth - 2
        slots = max(1, min(Self.maximumSlots, available / Self.minimumSlotWidth))
        slotWidth = max(Self.minimumSlotWidth, available / slots)
        channelRows = max(1, min(rows - 3 - Self.detailRows - 1, channels))
        detailHeight = max(Self.detailRows, min(rows - 3 - channelRows - 1, rows / 3))
    }

    /// The layout at `display` (else 80×24) for `channels` channels.
    public init(_ display: DisplaySize?, channels: Int = .max) {
        self.init(columns: display?.columns ?? 80, rows: display?.rows ?? 24, channels: channels)
    }

    /// The row of the rule over the details.
    public var detailsTop: Int { headerRow + 1 + channelRows }

    /// Seconds the time axis spans.
    public var span: Double { Double(slots) * 1800 }
}
