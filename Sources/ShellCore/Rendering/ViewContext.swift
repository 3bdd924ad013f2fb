/// Facts about the output the views need beyond the state.
public struct ViewContext: Equatable, Sendable {
    /// Where the picture goes.
    public enum Picture: Equatable, Sendable {
        /// In the terminal's cells: the views leave holes for it.
        case terminal
        /// In mpv's own window.
        case window
        /// Nowhere (audio only).
        case none
    }

    public var picture: Picture
    /// Seconds east of UTC now, for clock times.
    public var utcOffset: Int
    /// Summer time beginning or ending within a day and a half of now:
    /// times on its other side have the offset after it (`offset(at:)`).
    public var utcOffsetChange: UTCOffsetChange?
    /// The transport bar and the hint are laid over the picture without
    /// their panel (outlined text, as tvOS and mpv's own OSD draw them):
    /// the TV output, whose OSD mpv blends into every frame at a cost that
    /// grows with the area covered.
    public var chromeOverPicture: Bool
    /// Subtitles are drawn by the views as text over the picture's bottom
    /// (`PlaybackState.subtitleText`), not by mpv into the picture: a
    /// picture of character cells has too few pixels to read them.
    public var subtitlesAsText: Bool
    public init(picture: Picture, utcOffset: Int = 0, utcOffsetChange: UTCOffsetChange? = nil, chromeOverPicture: Bool = false, subtitlesAsText: Bool = false) {
        self.picture = picture
        self.utcOffset = utcOffset
        self.utcOffsetChange = utcOffsetChange
        self.chromeOverPicture = chromeOverPicture
        self.subtitlesAsText = subtitlesAsText
    }

    /// Seconds east of UTC at `time`: a programme's clock times on the
    /// other side of a change of summer time have the offset there.
    public func offset(at time: Double) -> Int {
        utcOffsetChange?.offset(at: time) ?? utcOffset
    }

    /// "HH:mm" of `time` at its own offset.
    public func clock(_ time: Double) -> String {
        formatClock(time, utcOffset: offset(at: time))
    }

    /// "Mon 20:00" of `time` at its own offset.
    public func dayAndClock(_ time: Double) -> String {
        formatDayAndClock(time, utcOffset: offset(at: time))
    }

    /// The picture is drawn in the terminal's cells.
    public var videoInTerminal: Bool { picture == .terminal }
}
