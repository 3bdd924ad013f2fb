import CMPV

/// The properties the client observes, each with its name and the format it is
/// read in, kept together in one table (`ObservedProperty.allCases`).
public enum ObservedProperty: Int, CaseIterable, Sendable {
    case timePos
    case duration
    case pause
    case eofReached
    case seekable
    case mediaTitle
    case pausedForCache
    case videoWidth
    case videoHeight
    case chapter
    case trackList
    case chapterList
    case speed
    case demuxerCacheState
    case subText
    /// An internet radio's song now (its ICY stream title).
    case icyTitle

    /// mpv's property name.
    public var name: String {
        switch self {
        case .timePos: "time-pos"
        case .duration: "duration"
        case .pause: "pause"
        case .eofReached: "eof-reached"
        case .seekable: "seekable"
        case .mediaTitle: "media-title"
        case .pausedForCache: "paused-for-cache"
        case .videoWidth: "video-params/w"
        case .videoHeight: "video-params/h"
        case .chapter: "chapter"
        case .trackList: "track-list"
        case .chapterList: "chapter-list"
        case .speed: "speed"
        case .demuxerCacheState: "demuxer-cache-state"
        case .subText: "sub-text"
        case .icyTitle: "metadata/by-key/icy-title"
        }
    }

    /// The format it is observed in.
    var format: mpv_format {
        switch self {
        case .timePos, .duration, .speed: MPV_FORMAT_DOUBLE
        case .trackList, .chapterList, .demuxerCacheState: MPV_FORMAT_NODE
        case .pause, .eofReached, .seekable, .pausedForCache: MPV_FORMAT_FLAG
        case .mediaTitle, .subText, .icyTitle: MPV_FORMAT_STRING
        case .videoWidth, .videoHeight, .chapter: MPV_FORMAT_INT64
        }
    }
}

/// A property value copied out of an mpv event.
public enum PropertyValue: Equatable, Sendable {
    /// The property is unavailable (no file, no video …).
    case none
    case flag(Bool)
    case double(Double)
    case int(Int64)
    case string(String)
    case node(MPVNode)

    public var double: Double? { if case .double(let v) = self { v } else { nil } }
    public var flag: Bool? { if case .flag(let v) = self { v } else { nil } }
    public var int: Int64? { if case .int(let v) = self { v } else { nil } }
    public var string: String? { if case .string(let v) = self { v } else { nil } }

    /// Copies `data` of `format`; the pointer is only valid until the next
    /// `mpv_wait_event`.
    init(format: mpv_format, data: UnsafeMutableRawPointer?) {
        guard let data else { self = .none; return }
        switch format {
        case MPV_FORMAT_DOUBLE: self = .double(data.load(as: Double.self))
        case MPV_FORMAT_FLAG: self = .flag(data.load(as: Int32.self) != 0)
        case MPV_FORMAT_INT64: self = .int(data.load(as: Int64.self))
        case MPV_FORMAT_STRING:
            let cstr = data.load(as: UnsafePointer<CChar>?.self)
            self = cstr.map { .string(String(cString: $0)) } ?? .none
        case MPV_FORMAT_NODE:
            self = .node(MPVNode(data.load(as: mpv_node.self)))
        default: self = .none
        }
    }
}
