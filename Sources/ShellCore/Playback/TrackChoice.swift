import MediaModel

/// The viewer's last choice of subtitles and of audio language, carried to
/// whatever plays next in the full-screen player: French subtitles chosen in
/// one episode are French in the next, subtitles turned off stay off, a
/// channel's second audio language chosen once is chosen on every channel
/// that has it. Written only by `TrackChoiceReducer`.
public struct TrackChoice: Equatable, Sendable {
    /// The subtitles chosen last.
    public enum Subtitles: Equatable, Sendable {
        /// "Off".
        case off
        /// A language (`TrackChoice.language(of:)`), and whether the track
        /// chosen was flagged forced or for the hard of hearing.
        case language(String, forced: Bool, hearingImpaired: Bool)
    }

    /// nil until the viewer chooses subtitles (or chose a track that names
    /// no language): the player's own choice stands.
    public var subtitles: Subtitles?
    /// The audio language chosen last; nil as for `subtitles`.
    public var audio: String?
    /// The channels of the audio track chosen last (6: 5.1), preferred
    /// among the tracks of its language; nil: not known.
    public var audioChannels: Int?
    /// Whether the audio track chosen last was audio description: a track
    /// of its language that is (or is not) one is preferred, so a viewer
    /// who listens to the described track keeps it from channel to channel.
    public var audioDescription: Bool

    public init(subtitles: Subtitles? = nil, audio: String? = nil, audioChannels: Int? = nil, audioDescription: Bool = false) {
        self.subtitles = subtitles
        self.audio = audio
        self.audioChannels = audioChannels
        self.audioDescription = audioDescription
    }

    /// What two tracks of one language have in common, whatever code each
    /// file gives ("fr", "fre", "fra" are all "French"): the language's
    /// name where known, else the code in lower case; nil for a track that
    /// names no language ("und", none).
    public static func language(of track: Track) -> String? {
        if let name = track.languageName, !name.isEmpty { return name }
        guard let code = track.language?.lowercased(), !code.isEmpty, !Track.namesNoLanguage(code) else { return nil }
        return code
    }
}

enum TrackChoiceReducer {
    /// The viewer chose `id` (nil: subtitles off) in the info panel or a
    /// transport-bar menu: remembered for what plays next, and kept for the
    /// next start when it changed.
    static func chosen(_ state: inout ShellState, _ kind: Track.Kind, id: Int?) -> [Effect] {
        let before = state.trackChoice
        remember(&state, kind, id: id)
        return state.trackChoice == before ? [] : [.keepTrackChoice(state.trackChoice)]
    }

    private static func remember(_ state: inout ShellState, _ kind: Track.Kind, id: Int?) {
        let track = id.flatMap { id in state.playback.tracks.first { $0.kind == kind && $0.id == id } }
        switch kind {
        case .subtitle:
            guard let track else { state.trackChoice.subtitles = id == nil ? .off : state.trackChoice.subtitles; return }
            state.trackChoice.subtitles = TrackChoice.language(of: track).map {
                .language($0, forced: track.forced, hearingImpaired: track.hearingImpaired)
            }
        case .audio:
            guard let track else { return }
            state.trackChoice.audio = TrackChoice.language(of: track)
            state.trackChoice.audioChannels = state.trackChoice.audio == nil ? nil : track.channels
            state.trackChoice.audioDescription = state.trackChoice.audio != nil && track.audioDescription
        case .video:
            return
        }
    }

    /// The full-screen player listed its tracks or began to play, or another player's load
    /// became the full-screen one (a warm neighbour, the preview, the
    /// picture, a multiview pane): once per load and kind the viewer has
    /// chosen, the first list that has tracks of that kind gets the choice,
    /// where it differs from what the player chose and (for a language) the
    /// load has that language. Selects it in `tracks` too. Call after the
    /// effect that makes the load's player the main one.
    static func tracksListed(_ state: inout ShellState) -> [Effect] {
        // Before it plays, the player is still making its own choice, which
        // would undo this one.
        guard state.playback.phase == .playing else { return [] }
        var effects: [Effect] = []
        let choice = state.trackChoice
        let kinds = [Track.Kind.audio, .subtitle].filter {
            ($0 == .audio ? choice.audio != nil : choice.subtitles != nil) && !state.playback.tracksChosen.contains($0)
        }
        for kind in kinds {
            let tracks = state.playback.tracks.filter { $0.kind == kind }
            guard !tracks.isEmpty else { continue }
            state.playback.tracksChosen.insert(kind)
            guard let wanted = wanted(kind, among: tracks, choice), wanted != tracks.first(where: \.selected)?.id else { continue }
            for i in state.playback.tracks.indices where state.playback.tracks[i].kind == kind {
                state.playback.tracks[i].selected = state.playback.tracks[i].id == wanted
            }
            effects.append(.selectTrack(kind, wanted))
        }
        return effects
    }

    /// The track `choice` asks for among `tracks` (one kind): `.some(nil)`
    /// for subtitles off; nil when there is nothing to change (no choice, or
    /// the language is not there).
    private static func wanted(_ kind: Track.Kind, among tracks: [Track], _ choice: TrackChoice) -> Int?? {
        switch kind {
        case .audio:
            guard let language = choice.audio else { return nil }
            let ofLanguage = tracks.filter { TrackChoice.language(of: $0) == language }
            let described = ofLanguage.filter { $0.audioDescription == choice.audioDescription }
            let same = described.isEmpty ? ofLanguage : described
            return (same.first { $0.channels != nil && $0.channels == choice.audioChannels } ?? same.first).map { .some($0.id) }
        case .subtitle:
            switch choice.subtitles {
            case nil: return nil
            case .off: return .some(nil)
            case .language(let language, let forced, let hearingImpaired):
                let same = tracks.filter { TrackChoice.language(of: $0) == language }
                let best = same.first { $0.forced == forced && $0.hearingImpaired == hearingImpaired }
                    ?? same.first { $0.forced == forced } ?? same.first
                return best.map { .some($0.id) }
            }
        case .video:
            return nil
        }
    }
}
