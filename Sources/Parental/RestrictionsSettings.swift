import Catalog
import ConfigFormat
import MediaModel
import ShellCore

/// The parental settings as `restrictions.toml` holds them: mode, the
/// highest ratings allowed, what unrated content gets, the passcode hash.
///
///     mode = "passcode"
///     unrated = "allow"
///     [limits]
///     movies = "mpaa|PG-13"
///     tv = "us-tv|TV-PG"
///     [passcode]
///     hash = "$argon2id$v=19$m=65536,t=2,p=1$…$…"
public struct RestrictionsSettings: Equatable, Sendable {
    public var mode: RestrictionPolicy.Mode = .off
    public var movies: RestrictionPolicy.Limit = .allowAll
    public var tv: RestrictionPolicy.Limit = .allowAll
    public var unrated: RestrictionPolicy.Unrated = .allow
    public var passcode: PasscodeHash?

    public init() {}

    /// The policy the shell applies.
    public var policy: RestrictionPolicy {
        RestrictionPolicy(mode: mode, movies: movies, tv: tv, unrated: unrated, hasPasscode: passcode != nil)
    }

    /// Reads the file's text; `path` is for messages.
    public static func parse(_ text: String, path: String, table: RatingsTable = .standard) throws(ParentalError) -> RestrictionsSettings {
        let document: TOMLDocument
        do {
            document = try TOMLDocument.parse(text)
        } catch {
            throw .malformed(path: path, line: error.line, key: error.key, message: error.message)
        }
        var settings = RestrictionsSettings()
        for entry in document.entries {
            func fail(_ message: String) -> ParentalError {
                .malformed(path: path, line: entry.line, key: entry.path, message: message)
            }
            guard let value = entry.value.string else { throw fail("expected a quoted string") }
            switch entry.path {
            case "mode":
                guard let mode = RestrictionPolicy.Mode(rawValue: value) else { throw fail("expected off, passcode or deny") }
                settings.mode = mode
            case "unrated":
                guard let unrated = RestrictionPolicy.Unrated(rawValue: value) else { throw fail("expected allow or restrict") }
                settings.unrated = unrated
            case "limits.movies", "limits.tv":
                do {
                    let limit = try parseLimit(value, media: entry.key == "movies" ? .movie : .tv, table: table)
                    if entry.key == "movies" { settings.movies = limit } else { settings.tv = limit }
                } catch {
                    throw fail("\(error)")
                }
            case "passcode.hash":
                guard let hash = PasscodeHash(encoded: value) else { throw fail("not a passcode hash written by tvshell") }
                settings.passcode = hash
            default:
                throw fail("unknown setting")
            }
        }
        return settings
    }

    /// The file's text.
    public var text: String {
        var lines = [
            "# tvshell parental restrictions, written by `tvshell restrictions`.",
            "# It holds the passcode hash: keep it private (chmod 600).",
            "mode = \(TOMLDocument.quote(mode.rawValue))",
            "unrated = \(TOMLDocument.quote(unrated.rawValue))",
            "",
            "[limits]",
            "movies = \(TOMLDocument.quote(Self.limitText(movies)))",
            "tv = \(TOMLDocument.quote(Self.limitText(tv)))",
        ]
        if let passcode {
            lines += ["", "[passcode]", "hash = \(TOMLDocument.quote(passcode.encoded))"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What to say of a bare age given as a limit: ages are ranked with
    /// the American rating that admits the same viewers, so a limit of an
    /// age would be rounded one way or the other; the two ratings around
    /// it are named, with the ages each lets play ("“12” is an age: …
    /// PG-13 lets what is rated for ages up to 14 play, PG up to 11").
    private static func ageAdvice(_ value: String, _ age: ContentRating, table: RatingsTable) -> String {
        let american = table.ratings(in: age.media == .tv ? "us-tv" : "mpaa").filter { $0.rank != nil }
        func upTo(_ rank: Int?) -> Int? {
            (0...21).last { table.parseAge(String($0), media: age.media)?.rank == rank }
        }
        var choices: [String] = []
        func ages(_ oldest: Int) -> String { oldest >= 21 ? "every age" : "ages up to \(oldest)" }
        if let at = american.first(where: { $0.rank == age.rank }), let oldest = upTo(age.rank) {
            choices.append("\(at.code) lets what is rated for \(ages(oldest)) play")
        }
        if let below = american.last(where: { ($0.rank ?? 0) < (age.rank ?? 0) }), let oldest = upTo(below.rank) {
            choices.append("\(below.code) \(ages(oldest))")
        }
        let fsk = "FSK \(Int(value.filter(\.isNumber)) ?? 0)"
        let system = age.media == .movie && table.parse(fsk) != nil ? " (or a country's own, as \"\(fsk)\")" : ""
        return "“\(value)” is an age, not a rating: a limit names a rating\(choices.isEmpty ? "" : "; " + choices.joined(separator: ", "))\(system)"
    }

    /// "all", "none", or a rating of `media`: "PG-13", "TV-PG", "BBFC 15",
    /// "FSK 16", "mpaa|R".
    public static func parseLimit(_ text: String, media: ContentRating.Media, table: RatingsTable = .standard) throws(ParentalError) -> RestrictionPolicy.Limit {
        let value = text.trimmingCharacters(in: .whitespaces)
        switch value.lowercased() {
        case "all": return .allowAll
        case "none": return .allowNone
        default: break
        }
        let examples = media == .movie ? "G, PG, PG-13, R, NC-17, \"BBFC 15\", \"FSK 16\"" : "TV-Y, TV-Y7, TV-G, TV-PG, TV-14, TV-MA"
        let kind = media == .movie ? "movie" : "TV"
        guard let rating = table.parse(value), rating.rank != nil else {
            if let age = table.parseAge(value, media: media) { throw .badRating(ageAdvice(value, age, table: table)) }
            throw .badRating("“\(value)” is not a \(kind) rating tvshell knows (try \(examples), all or none)")
        }
        guard rating.media == media else {
            throw .badRating("“\(value)” is a \(rating.media == .movie ? "movie" : "TV") rating; expected a \(kind) rating (\(examples))")
        }
        return .upTo(rating)
    }

    /// How a limit is written in the file.
    /// A limit as a person reads it: "all", "none", "up to PG-13 (USA, films)".
    public static func limitDescription(_ limit: RestrictionPolicy.Limit) -> String {
        switch limit {
        case .allowAll: "all"
        case .allowNone: "none"
        case .upTo(let rating): "up to " + RatingsTable.standard.name(of: rating)
        }
    }

    public static func limitText(_ limit: RestrictionPolicy.Limit) -> String {
        switch limit {
        case .allowAll: "all"
        case .allowNone: "none"
        case .upTo(let rating): "\(rating.system)|\(rating.code)"
        }
    }
}
