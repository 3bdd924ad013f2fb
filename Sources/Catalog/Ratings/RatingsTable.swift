import Foundation
import MediaModel

/// The rating systems and their order, from Subler's ratings table (the
/// iTunes store's codes and ranks), and readers for the forms ratings come
/// in: Apple's `iTunEXTC` (`mpaa|PG-13|300|`), plain strings (Matroska
/// `LAW_RATING`, lineup attributes), and XMLTV `<rating system=…><value>`.
/// Values; build once, read anywhere.
public struct RatingsTable: Sendable {
    private var byKey: [Key: ContentRating] = [:]
    private var systems: [String: [ContentRating]] = [:]
    /// The country each system belongs to ("USA" for `mpaa`).
    private var countries: [String: String] = [:]

    private struct Key: Hashable {
        let system: String
        let code: String
    }

    /// The table shipped with tvshell (compiled in: `standardJSON`).
    public static let standard: RatingsTable = (try? RatingsTable(json: Data(standardJSON.utf8))) ?? RatingsTable()

    init() {}

    /// Ranks the table gets wrong: Australian TV's R18+ is listed at 160
    /// (below P), which would let the strictest rating through every limit.
    private static let corrections = ["au-tv|R18+": 600]

    /// Reads Subler's `Ratings.json`.
    public init(json: Data) throws {
        guard let entries = try JSONSerialization.jsonObject(with: json) as? [[String: Any]] else {
            throw CocoaError(.propertyListReadCorrupt)
        }
        for country in entries {
            for entry in country["ratings"] as? [[String: Any]] ?? [] {
                guard let prefix = entry["prefix"] as? String, let code = entry["itunes-code"] as? String else { continue }
                let media: ContentRating.Media = (entry["media"] as? String) == "TV" ? .tv : .movie
                let value = Self.corrections[prefix + "|" + code] ?? (entry["itunes-value"] as? String).flatMap { Int($0) }
                let rank = value == 0 || code.lowercased().contains("unrated") ? nil : value
                let rating = ContentRating(system: prefix, code: code, rank: rank, media: media)
                let key = Key(system: prefix, code: code.lowercased())
                if countries[prefix] == nil, let name = country["country"] as? String { countries[prefix] = name }
                if byKey[key] == nil {
                    byKey[key] = rating
                    systems[prefix, default: []].append(rating)
                }
            }
        }
    }

    /// `rating` as a person reads it: "PG-13 (USA, films)", "TV-14 (USA, TV)".
    public func name(of rating: ContentRating) -> String {
        let media = rating.media == .tv ? "TV" : "films"
        guard let country = countries[rating.system] else { return "\(rating.code) (\(media))" }
        return "\(rating.code) (\(country), \(media))"
    }

    /// The ratings of `system` from least to most restricted (unrated first).
    public func ratings(in system: String) -> [ContentRating] {
        (systems[system] ?? []).sorted { ($0.rank ?? -1) < ($1.rank ?? -1) }
    }

    /// `code` in `system` (case-insensitive).
    public func rating(system: String, code: String) -> ContentRating? {
        byKey[Key(system: system, code: code.trimmingCharacters(in: .whitespaces).lowercased())]
    }

    /// Apple's `iTunEXTC` form: `system|code|rank|annotation`.
    public func parseITunEXTC(_ text: String) -> ContentRating? {
        let parts = text.split(separator: "|", omittingEmptySubsequences: false).map { String($0) }
        guard parts.count >= 2 else { return nil }
        if let known = rating(system: parts[0], code: parts[1]) { return known }
        let rank = parts.count > 2 ? Int(parts[2]) : nil
        return ContentRating(system: parts[0], code: parts[1], rank: rank == 0 ? nil : rank, media: parts[0].hasSuffix("-tv") ? .tv : .movie)
    }

    /// `ratings` as kept in a file or a database: one a line, in `iTunEXTC`
    /// form (`ContentRating.iTunEXTC`); nil for none. `readKept` reads them back.
    public static func keep(_ ratings: [ContentRating]) -> String? {
        ratings.isEmpty ? nil : ratings.map(\.iTunEXTC).joined(separator: "\n")
    }

    /// Ratings kept by `keep`.
    public func readKept(_ text: String) -> [ContentRating] {
        text.split(separator: "\n").compactMap { parseITunEXTC(String($0)) }
    }

    /// XMLTV's `<rating system="…"><value>…</value></rating>`. A bare age
    /// in another system, or in none, is a TV age (`<rating>` holds a
    /// content rating; the score is `<star-rating>`).
    public func parseXMLTV(system: String?, value: String) -> ContentRating? {
        let name = (system ?? "").uppercased()
        let prefix: String? = switch name {
        case "MPAA", "US-MOVIE": "mpaa"
        case "VCHIP", "V-CHIP", "US-TV", "TV PARENTAL GUIDELINES", "USA PARENTAL RATING": "us-tv"
        case "BBFC": "uk-movie"
        case "FSK": "de-movie"
        case "CHVRS": "ca-movie"
        default: nil
        }
        if let prefix, let found = ratingAllowingAgeForms(system: prefix, value: value) { return found }
        return parseRating(value, media: .tv)
    }

    /// A rating written on its own ("PG-13", "TV-MA", "FSK 16", "BBFC 15",
    /// "mpaa|R|400|"), as Matroska's `LAW_RATING` or a lineup attribute has it.
    public func parse(_ text: String) -> ContentRating? {
        let value = text.trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else { return nil }
        if value.contains("|") { return parseITunEXTC(value) }
        let upper = value.uppercased()
        if upper.hasPrefix("TV-"), let r = rating(system: "us-tv", code: value) { return r }
        if let r = rating(system: "mpaa", code: value) { return r }
        for (prefix, system) in [("FSK", "de-movie"), ("BBFC", "uk-movie")] where upper.hasPrefix(prefix) {
            let rest = String(value.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: ":-")))
            if let r = ratingAllowingAgeForms(system: system, value: rest) { return r }
        }
        if upper == "NR" || upper == "NOT RATED" || upper == "UNRATED" {
            return ContentRating(system: "mpaa", code: "Unrated", rank: nil, media: .movie)
        }
        return nil
    }

    /// A bare age ("16+", "18", "+12", "-16", "0"), as an Xtream Codes
    /// provider's `age` gives a film's, a lineup's `tvg-rating` or a guide's
    /// rating value a channel's or a programme's: a rating of system `age`
    /// (films) or `age-tv` (TV), coded "16+", ranked as the American rating
    /// of its kind that admits the same viewers, erring strict.
    /// - Films: up to 6 as G, to 11 as PG, to 14 as PG-13, to 17 as R, 18
    ///   and over as NC-17.
    /// - TV: up to 6 as TV-G, to 11 as TV-PG, to 14 as TV-14, 15 and over as
    ///   TV-MA. An age says who may watch, not that it was made for
    ///   children: no age is TV-Y or TV-Y7.
    ///
    /// "-16" is France's form (not for under 16). Not for tags in general
    /// (a `rating` tag of 80 may be a score): only where the field is known
    /// to hold a rating. Nil for anything else, or an age over 21.
    public func parseAge(_ text: String, media: ContentRating.Media = .movie) -> ContentRating? {
        var value = Substring(text.trimmingCharacters(in: .whitespaces))
        let leading = value.hasPrefix("+") || value.hasPrefix("-"), trailing = value.hasSuffix("+") && value.count > 1
        guard !(leading && trailing) else { return nil }
        if leading { value = value.dropFirst() }
        if trailing { value = value.dropLast() }
        let digits = value.trimmingCharacters(in: .whitespaces)
        guard (1...2).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), let age = Int(digits), age <= 21 else { return nil }
        let rank = switch (media, age) {
        case (.movie, ...6): 100
        case (.movie, ...11): 200
        case (.movie, ...14): 300
        case (.movie, ...17): 400
        case (.movie, _): 500
        case (.tv, ...6): 300
        case (.tv, ...11): 400
        case (.tv, ...14): 500
        case (.tv, _): 600
        }
        return ContentRating(system: media == .movie ? "age" : "age-tv", code: "\(age)+", rank: rank, media: media)
    }

    /// A rating as a field known to hold one gives it (a lineup's
    /// `tvg-rating`, a guide's rating value, an item's `rating`): a code in
    /// any form `parse` reads, else a bare age of `media`'s kind (`parseAge`).
    public func parseRating(_ text: String, media: ContentRating.Media) -> ContentRating? {
        parse(text) ?? parseAge(text, media: media)
    }

    /// The ratings a file's metadata tags carry (mpv's `metadata` map; keys
    /// in any case): Apple's `iTunEXTC`, Matroska's `LAW_RATING`, and plain
    /// `rating` / `CONTENT_RATING` tags (a bare age only where the tag is
    /// a law's or a content rating, not a plain `rating`, which may be a score).
    public func ratings(inMetadata tags: [String: String]) -> [ContentRating] {
        var found: [ContentRating] = []
        for (key, value) in tags.sorted(by: { $0.key < $1.key }) {
            let rating: ContentRating? = switch key.uppercased() {
            case "ITUNEXTC": parseITunEXTC(value)
            case "LAW_RATING", "CONTENT_RATING", "CONTENTRATING": parseRating(value, media: .movie)
            case "RATING": parse(value)
            default: nil
            }
            if let rating, !found.contains(rating) { found.append(rating) }
        }
        return found
    }

    /// A code, or a bare age for systems whose codes spell ages ("12" → "Ab 12 Jahren").
    private func ratingAllowingAgeForms(system: String, value: String) -> ContentRating? {
        if let direct = rating(system: system, code: value) { return direct }
        guard let age = Int(value.filter(\.isNumber)) else { return nil }
        return ratings(in: system).first { $0.code.filter(\.isNumber) == String(age) }
    }
}
