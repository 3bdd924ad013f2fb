/// A part of a video with a meaning: an intro, a recap, the credits, a
/// preview of the next episode, an ad break. A plain value.
public struct Segment: Equatable, Hashable, Sendable {
    public enum Kind: String, Equatable, Hashable, Sendable, CaseIterable {
        case intro, recap, credits, preview, commercial
    }

    /// Where it was learnt, most trusted first.
    public enum Source: Int, Equatable, Hashable, Sendable, Comparable {
        /// The embedding program (`MediaItem.segments`, `ShellDelegate.segments(for:)`).
        case library
        /// `NAME.segments.json` beside a local file.
        case sidecar
        /// A chapter's title ("Intro", "Abspann", "Advertisement" …).
        case chapters
        /// An HLS playlist's `EXT-X-DATERANGE` interstitials or `EXT-X-CUE-OUT` / `-IN`.
        case hls

        public static func < (a: Source, b: Source) -> Bool { a.rawValue < b.rawValue }
    }

    public var kind: Kind
    /// Seconds from the start.
    public var start: Double
    public var end: Double
    public var source: Source

    public init(kind: Kind, start: Double, end: Double, source: Source = .library) {
        self.kind = kind
        self.start = start
        self.end = end
        self.source = source
    }

    /// Whether `position` falls inside it.
    public func contains(_ position: Double) -> Bool { position >= start && position < end }

    /// The latest time a segment may end at (seconds from the start, some
    /// 30 years): later ones are nonsense from a playlist or a file.
    public static let latest = 1e9

    /// Whether it is a range a video can have: from 0 or later to an end
    /// after its start, no later than `latest`.
    public var isSensible: Bool { start >= 0 && end > start && end <= Self.latest }

    /// Segments from all sources as one list by start: where two overlap,
    /// the more trusted source's stands. Empty, reversed and nonsensical
    /// ranges (`isSensible`) are dropped.
    public static func merged(_ segments: [Segment]) -> [Segment] {
        var kept: [Segment] = []
        for segment in segments.sorted(by: { $0.source < $1.source }) where segment.isSensible {
            if kept.contains(where: { $0.start < segment.end && segment.start < $0.end }) { continue }
            kept.append(segment)
        }
        return kept.sorted { $0.start < $1.start }
    }

    /// Segments named by chapter titles, in English, German, French and
    /// Spanish, case-insensitive; each runs to the next chapter (or `duration`).
    public static func fromChapters(_ chapters: [Chapter], duration: Double?) -> [Segment] {
        let sorted = chapters.sorted { $0.start < $1.start }
        return sorted.enumerated().compactMap { index, chapter in
            guard let kind = kind(ofChapter: chapter.title) else { return nil }
            let end = index + 1 < sorted.count ? sorted[index + 1].start : (duration ?? chapter.start)
            return end > chapter.start ? Segment(kind: kind, start: chapter.start, end: end, source: .chapters) : nil
        }
    }

    /// The kind a chapter title names, if any.
    public static func kind(ofChapter title: String) -> Kind? {
        let plain = String(title.lowercased().map { accents[$0] ?? $0 })
        let words = plain.split(whereSeparator: { !$0.isLetter }).joined(separator: " ")
        for (kind, names) in chapterNames where names.contains(where: { words == $0 || words.hasPrefix($0 + " ") || words.hasSuffix(" " + $0) }) {
            return kind
        }
        return nil
    }

    private static let accents: [Character: Character] = [
        "à": "a", "á": "a", "â": "a", "ä": "a", "ç": "c", "è": "e", "é": "e", "ê": "e", "ë": "e", "í": "i", "î": "i", "ï": "i",
        "ñ": "n", "ó": "o", "ô": "o", "ö": "o", "ú": "u", "û": "u", "ü": "u",
    ]

    private static let chapterNames: [(Kind, [String])] = [
        (.commercial, ["advertisement", "advertising", "commercial", "commercials", "ad break", "ads", "werbung", "werbepause",
                       "publicite", "pause publicitaire", "publicidad", "anuncios", "corte comercial"]),
        (.recap, ["recap", "previously", "previously on", "zuvor", "was bisher geschah", "rappel", "precedemment", "resumen",
                  "anteriormente"]),
        (.credits, ["credits", "end credits", "closing credits", "outro", "ending", "abspann", "nachspann", "generique de fin",
                    "credits de fin", "creditos", "creditos finales"]),
        (.preview, ["preview", "next time", "next episode", "vorschau", "apercu", "bande annonce", "avance", "adelanto"]),
        (.intro, ["intro", "introduction", "opening", "opening credits", "title sequence", "vorspann", "generique",
                  "generique de debut", "introduccion", "cabecera"]),
    ]
}
