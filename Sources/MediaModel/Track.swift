/// An audio, video or subtitle track of what plays.
public struct Track: Equatable, Hashable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case audio, video, subtitle
    }

    public var id: Int
    public var kind: Kind
    public var title: String?
    /// The language's code as the file gives it ("eng", "de").
    public var language: String?
    /// The language's name in English ("English", "German"), where the code
    /// is one known (the player's adapter names it); nil otherwise.
    public var languageName: String?
    public var selected: Bool
    /// Flagged forced: subtitles for what is not in the audio's language
    /// (signs, a foreign line) only.
    public var forced: Bool
    /// Flagged for the deaf and hard of hearing (SDH: sounds described too).
    public var hearingImpaired: Bool
    /// An audio track described for the blind and partially sighted
    /// (audio description: what is seen told between the lines).
    public var audioDescription: Bool
    /// An audio track's channels as the file gives them (nil: not known).
    public var channels: Int?
    /// A subtitle track of pictures (a Blu-ray's PGS, a DVD's or a DVB
    /// broadcast's bitmaps), not text.
    public var pictures: Bool
    /// A video track that is a still: a song's album cover (attached to
    /// the file), not moving pictures.
    public var albumArt: Bool

    public init(id: Int, kind: Kind, title: String? = nil, language: String? = nil, languageName: String? = nil, selected: Bool = false,
                forced: Bool = false, hearingImpaired: Bool = false, audioDescription: Bool = false, channels: Int? = nil, pictures: Bool = false,
                albumArt: Bool = false) {
        self.id = id
        self.kind = kind
        self.title = title
        self.language = language
        self.languageName = languageName
        self.selected = selected
        self.forced = forced
        self.hearingImpaired = hearingImpaired
        self.audioDescription = audioDescription
        self.channels = channels
        self.pictures = pictures
        self.albumArt = albumArt
    }

    /// What a viewer reads in the menus: "English", "Commentary (English)",
    /// "English SDH", "English (forced)", "German (audio description)",
    /// "English 5.1", "Track 2" …; the language's code where it has no
    /// known name ("qtz"). A code that names no language ("und",
    /// undetermined; "zxx", no speech; "mis") is left out: "Track 2", not
    /// "und". A flag the title already says is not said again.
    public var label: String {
        let named = languageName ?? language.flatMap { Self.namesNoLanguage($0) ? nil : $0 }
        var label = switch (title, named) {
        // A title that only repeats the language ("eng", "English").
        case (let t?, let l?) where t.lowercased() == l.lowercased() || t.lowercased() == language?.lowercased(): l
        case (let t?, let l?): "\(t) (\(l))"
        case (let t?, nil): t
        case (nil, let l?): l
        default: "Track \(id)"
        }
        let said = title?.lowercased() ?? ""
        if hearingImpaired && !said.contains("sdh") && !said.contains("hearing") { label += " SDH" }
        if forced && !said.contains("forced") { label += " (forced)" }
        if audioDescription && !said.contains("description") && named != "Audio description" { label += " (audio description)" }
        // Surround sound told apart from the stereo track of one language.
        if kind == .audio, let layout = channels.flatMap(Self.surround), !said.contains(layout) { label += " " + layout }
        return label
    }
}

extension Track {
    /// A surround layout's name by its channel count ("5.1" for 6, "7.1"
    /// for 8); nil for mono, stereo and others.
    static func surround(_ channels: Int) -> String? {
        switch channels {
        case 6: "5.1"
        case 8: "7.1"
        default: nil
        }
    }

    /// Whether the ISO 639-2 code `code` says the language is not known or
    /// there is none ("und", "zxx", "mis"): nothing to show a viewer.
    public static func namesNoLanguage(_ code: String) -> Bool {
        ["und", "zxx", "mis"].contains(code.lowercased())
    }
}

/// A chapter of what plays.
public struct Chapter: Equatable, Hashable, Sendable {
    public var title: String
    /// Seconds from the start.
    public var start: Double
    public init(title: String, start: Double) {
        self.title = title
        self.start = start
    }
}
