import MediaModel

/// Something focusable in the custom overlay or the info panel, and what
/// activating it does.
public struct OverlayItem: Equatable, Sendable {
    public enum Activation: Equatable, Sendable {
        /// Play `items[index]` (a channel of the strip).
        case tune(Int)
        case playFromBeginning
        /// Seek to a chapter's start.
        case seek(Double)
        case speed(Double)
        /// Select a track; nil id switches the kind off (subtitles).
        case selectTrack(Track.Kind, Int?)
        /// Play the programme of `items[channel]` that aired at `start`
        /// (Unix seconds) from the channel's archive.
        case archive(channel: Int, start: Double)
        /// An item of the embedding program's overlay, by its id.
        case custom(String)
        /// Set the sleep timer (nil: off).
        case sleep(SleepChoice?)
        /// A key of the picture in picture (`swapPicture`, `movePicture`,
        /// `closePicture`): the info panel's way to them, for a remote.
        case picture(RemoteCommand)
    }

    public var title: String
    public var subtitle: String?
    /// Drawn as the current choice (the playing channel, the active track).
    public var isCurrent: Bool
    public var activation: Activation
    /// The wall-clock time it is about (a programme's start, seconds since
    /// 1970): the views show it in local time.
    public var time: Double?

    public init(title: String, subtitle: String? = nil, isCurrent: Bool = false, activation: Activation, time: Double? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.isCurrent = isCurrent
        self.activation = activation
        self.time = time
    }
}

/// The info panel's tabs (Previous Programmes only on a channel with catch-up).
public enum InfoTab: String, CaseIterable, Equatable, Sendable {
    case info = "Info", previous = "Previous Programmes", chapters = "Chapters", subtitles = "Subtitles", audio = "Audio"
}
