import MediaModel

/// What the player adapter reports, tagged with the load token it belongs to
/// (reports of a superseded load are ignored by the reducer).
public enum PlayerReport: Equatable, Sendable {
    /// The player began opening the item.
    case started
    /// Playback (re)started after loading or a seek.
    case playing
    /// Opening or playing failed; `reason` is the player's explanation.
    case failed(reason: String)
    /// More about a failure, known only after it was reported.
    case failureDetail(String)
    /// The item reached its end.
    case ended
    case position(Double?)
    case duration(Double?)
    case paused(Bool)
    case seekable(Bool)
    /// The player said it cannot seek (libmpv's log line for a refused
    /// seek, or a stream it can only read on): a seek pending was refused,
    /// and it plays at `position` (nil: not known). Also tells `seekable`
    /// false, for a load that ends before its properties are read.
    case cannotSeek(position: Double?)
    case mediaTitle(String?)
    /// The subtitle on screen now, as text (nil between lines, or with
    /// subtitles off).
    case subtitleText(String?)
    /// What an internet radio says plays now (its ICY stream title:
    /// "Artist - Song"), nil when it says nothing.
    case streamTitle(String?)
    case buffering(Bool)
    /// The player configured its video output for this load: frames from
    /// now on are this item's.
    case videoConfigured
    case tracks([Track])
    case chapters([Chapter])
    case speed(Double)
    /// The first video frame of this load was drawn.
    case firstFrame
    /// The player opened the item and read its metadata, and holds it there,
    /// before selecting tracks or decoding anything, until
    /// `Effect.continueLoad`. `ratings`: the ratings its metadata carries;
    /// `file`: its stream is a file from the network, not a live stream (it
    /// says how long it is, or how many bytes it has), which a live buffer
    /// would read whole.
    case preloaded(ratings: [ContentRating], file: Bool = false)
    /// A live stream's back buffer (timeshift) now spans `start`…`end`, on
    /// the timeline of `position`.
    case liveBuffer(start: Double, end: Double)
    /// What the player has fetched: `bytes` held in its demuxer cache now,
    /// `rate` bytes a second coming in (reported when either changed by a
    /// quarter or more; the warm players' budget reads it).
    case fetched(bytes: Int, rate: Double)
    /// The live buffer's file on disk has grown past its size (`[live]
    /// timeshift_disk`) to `bytes`: mpv's cache file keeps everything the
    /// stream sent for as long as it plays (it never reuses the space of
    /// what it drops), so only a new load bounds it. Again at each quarter
    /// more.
    case bufferFull(bytes: Int)
}
