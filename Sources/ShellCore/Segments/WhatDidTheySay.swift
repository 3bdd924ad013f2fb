import MediaModel

/// "What did they say": back 15 s with subtitles on until playback passes
/// the moment `w` was pressed, then the subtitle choice as it was.
public struct WhatDidTheySay: Equatable, Sendable {
    /// Where `w` was pressed: subtitles go back as they were once playback passes it.
    public var until: Double
    /// The subtitle track selected before (nil: off).
    public var previous: Int?

    public init(until: Double, previous: Int?) {
        self.until = until
        self.previous = previous
    }
}

enum WhatDidTheySayReducer {
    /// `w` on a playing film.
    static func start(_ state: inout ShellState, now: Instant) -> [Effect] {
        let p = state.playback
        guard p.phase == .playing, !state.isLive, p.seekable, let position = p.position else { return [] }
        let subtitles = p.tracks.filter { $0.kind == .subtitle }
        let seek = BreakReducer.seek(&state, to: max(0, position - state.settings.replayInterval))
        guard case .seek = seek.first else { return seek }
        PlaybackReducer.seek(&state, to: max(0, position - state.settings.replayInterval))
        guard let track = preferred(subtitles, language: state.settings.language) else {
            state.chrome.notice = "No subtitles to show"
            return seek + [.startTimer(.noticeHide, after: state.settings.noticeDelay)]
        }
        let previous = state.segments.whatDidTheySay?.previous ?? subtitles.first { $0.selected }?.id
        state.segments.whatDidTheySay = WhatDidTheySay(until: max(position, state.segments.whatDidTheySay?.until ?? 0), previous: previous)
        for i in state.playback.tracks.indices where state.playback.tracks[i].kind == .subtitle {
            state.playback.tracks[i].selected = state.playback.tracks[i].id == track.id
        }
        return seek + [.selectTrack(.subtitle, track.id)]
    }

    /// Playback passed the moment `w` was pressed: the subtitles as they were.
    static func positionChanged(_ state: inout ShellState, to position: Double) -> [Effect] {
        guard let replay = state.segments.whatDidTheySay, !state.playback.seekPending, position >= replay.until else { return [] }
        state.segments.whatDidTheySay = nil
        for i in state.playback.tracks.indices where state.playback.tracks[i].kind == .subtitle {
            state.playback.tracks[i].selected = state.playback.tracks[i].id == replay.previous
        }
        return [.selectTrack(.subtitle, replay.previous)]
    }

    /// The first subtitle track in `language` (ISO 639-1 or -2), else the first.
    static func preferred(_ tracks: [Track], language: String?) -> Track? {
        guard let language, !language.isEmpty else { return tracks.first }
        let names = Self.names(language.lowercased())
        return tracks.first { $0.language.map { names.contains($0.lowercased()) } ?? false } ?? tracks.first
    }

    /// A language's two- and three-letter codes.
    private static func names(_ code: String) -> Set<String> {
        let pairs: [(String, [String])] = [
            ("en", ["eng"]), ("de", ["ger", "deu"]), ("fr", ["fre", "fra"]), ("es", ["spa"]), ("it", ["ita"]), ("nl", ["dut", "nld"]),
            ("pt", ["por"]), ("sv", ["swe"]), ("da", ["dan"]), ("no", ["nor", "nob"]), ("fi", ["fin"]), ("pl", ["pol"]), ("ja", ["jpn"]),
        ]
        for (two, threes) in pairs where two == code || threes.contains(code) { return Set([two] + threes) }
        return [code]
    }
}
