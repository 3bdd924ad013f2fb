/// A channel's archive (catch-up), from its lineup entry's `catchup`,
/// `catchup-source`, `catchup-days`, `catchup-correction`, legacy
/// `timeshift` and `tvg-rec` (or the `#EXTM3U` header's defaults), as IPTV
/// players read them (Kodi's IPTV Simple, TiviMate). `source` is the URL
/// template with every generated part filled in; `CatchupURL` fills its
/// specifiers for one programme. Pure.
public struct Catchup: Equatable, Hashable, Sendable {
    public enum Mode: String, Equatable, Hashable, Sendable, CaseIterable {
        /// `catchup-source` is the whole archive URL (else the stream URL
        /// with the default query appended).
        case `default`
        /// `catchup-source` is appended to the stream URL.
        case append
        /// `?utc={utc}&lutc={lutc}` appended to the stream URL (also the
        /// legacy `timeshift` attribute).
        case shift
        /// Flussonic's archive paths, made from the stream URL.
        case flussonic
        /// Xtream Codes' `/timeshift/…` path, made from the stream URL.
        case xtreamCodes = "xc"
        /// `catchup-source` (else the programme's `catchup-id`) is a
        /// separate item per programme.
        case vod
    }

    public var mode: Mode
    /// The archive URL template (`{utc}`, `${start}`, `{duration:60}` …).
    public var source: String
    /// How many days back the archive goes.
    public var days: Int
    /// Hours added to programme times in the URL (`catchup-correction`).
    public var correction: Double

    public init(mode: Mode, source: String, days: Int, correction: Double = 0) {
        self.mode = mode
        self.source = source
        self.days = days
        self.correction = correction
    }

    /// The query appended when a `default` or `append` entry names no
    /// source (Kodi's default "query format").
    public static let defaultQuery = "?utc={utc}&lutc={lutc}"
    /// Days when the entry does not say (Kodi's default).
    public static let defaultDays = 5

    /// Whether a programme starting at `start` (Unix seconds) is in the
    /// archive at `now`: started, and not more than `days` ago.
    public func covers(start: Double, now: Double) -> Bool {
        start <= now && now - start <= Double(days) * 86_400
    }
}
