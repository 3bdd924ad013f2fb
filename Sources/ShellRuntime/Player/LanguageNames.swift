import Foundation
import MediaModel

/// Language codes as files give them (ISO 639-1, 639-2/B and /T: "en",
/// "ger", "deu") named in English for the menus ("German"), from ICU's
/// data through Foundation. Any thread.
enum LanguageNames {
    private static let english = Locale(identifier: "en")

    /// The codes broadcasters give a soundtrack that is no one language
    /// (DVB's, ETSI EN 300 468 annexes F and J, and their use by
    /// broadcasters): ICU names none of them.
    static let broadcast: [String: String] = [
        // The soundtrack in the programme's own language, beside a dubbed one.
        "qaa": "Original language",
        // Described for the blind: "qad" by France Télévisions, "nar" in the UK.
        "qad": "Audio description", "nar": "Audio description",
    ]

    /// The name of the language `code` stands for, or nil when ICU knows
    /// none (an empty code, a made-up one) or the code names no language
    /// ("und": ICU's "Unknown language" is no language to choose); a
    /// broadcaster's code for a soundtrack is named by what it is
    /// ("qaa": "Original language").
    static func name(_ code: String?) -> String? {
        guard let code, !code.isEmpty, code.count <= 12, !Track.namesNoLanguage(code) else { return nil }
        if let named = broadcast[code.lowercased()] { return named }
        guard let name = english.localizedString(forLanguageCode: code), name.lowercased() != code.lowercased() else { return nil }
        return name
    }
}
