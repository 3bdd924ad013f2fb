import Foundation
import MediaModel

/// Language codes as files give them (ISO 639-1, 639-2/B and /T: "en",
/// "ger", "deu") named in English for the menus ("German"), from ICU's
/// data through Foundation. Any thread.
enum LanguageNames {
    private static let english = Locale(identifier: "en")

    /// The name of the language `code` stands for, or nil when ICU knows
    /// none (an empty code, "qaa", a made-up one) or the code names no
    /// language ("und": ICU's "Unknown language" is no language to choose).
    static func name(_ code: String?) -> String? {
        guard let code, !code.isEmpty, code.count <= 12, !Track.namesNoLanguage(code) else { return nil }
        guard let name = english.localizedString(forLanguageCode: code), name.lowercased() != code.lowercased() else { return nil }
        return name
    }
}
