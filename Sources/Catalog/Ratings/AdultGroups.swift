/// Groups of a lineup or categories of an account whose names say their
/// content is for adults, as providers that set no rating or flag name them,
/// and the rating such content gets. Pure; any thread.
public enum AdultGroups {
    /// The rating given to what is marked as for adults: a bare age, ranked
    /// as TV-MA on a channel or an episode, NC-17 on a film
    /// (`RatingsTable.parseAge`).
    public static let rating = "18+"

    /// Words that say so wherever they stand.
    private static let words: Set<Substring> = ["XXX", "PORN", "PORNO", "18+", "+18", "EROTIC", "EROTICA", "EROTIK", "EROTICO", "EROTIQUE"]
    /// "Adult" in the languages providers name groups in: it says so, but
    /// for the names of things for grown-ups that are not sex (`notAfter`,
    /// `notBefore`). English, Spanish, Portuguese, French and Italian;
    /// German, Dutch, Danish and Norwegian, Swedish; Polish, Czech,
    /// Hungarian, Turkish (with and without their marks, as providers
    /// write them in capitals) and Russian.
    private static let adult: Set<Substring> = [
        "ADULT", "ADULTS", "ADULTOS", "ADULTES", "ADULTI", "ADULTE", "ADULTO",
        "ERWACHSENE", "ERWACHSENEN", "VOLWASSENE", "VOLWASSENEN", "VOKSEN", "VOKSNE", "VUXEN", "VUXNA",
        "DOROSŁYCH", "DOROSLYCH", "DOROŚLI", "DOROSLI", "DOSPĚLÉ", "DOSPELE", "DOSPĚLÉHO", "DOSPELEHO", "FELNŐTT", "FELNOTT", "FELNŐTTEKNEK", "FELNOTTEKNEK",
        "YETİŞKİN", "YETIŞKIN", "YETISKIN", "YETİŞKİNLER", "YETIŞKINLER", "YETISKINLER",
        "ВЗРОСЛЫХ", "ВЗРОСЛЫЕ", "ВЗРОСЛОЕ", "ВЗРОСЛЫЙ",
    ]
    /// "Adult Swim" (a cartoon channel), "Adult Contemporary" (a radio
    /// format), "Adult Education", "Adult Animation".
    private static let notAfter: Set<Substring> = ["SWIM", "CONTEMPORARY", "EDUCATION", "ANIMATION", "LEARNING"]
    /// "Young Adult" (books and drama for teenagers), and its German,
    /// Dutch, Scandinavian and Polish forms ("Junge Erwachsene", "Unga vuxna").
    private static let notBefore: Set<Substring> = ["YOUNG", "JUNGE", "JONGE", "UNGA", "UNGE", "MŁODZI", "MLODZI"]
    /// What those words begin with, lowercased: a name with none of them is
    /// passed over without making words (lineups of 50 000 channels pass
    /// every group name through here as they load).
    /// Letters past ASCII are matched as written, so Russian's in both cases.
    private static let stems: [[UInt8]] = [
        "xxx", "porn", "18", "erot", "adult", "erwachs", "volwass", "voks", "vux", "doros", "dosp", "feln", "yet", "зросл", "ЗРОСЛ",
    ].map { Array($0.utf8) }

    /// Whether `name` says so: a word "XXX", "PORN", "18+", "+18" or
    /// "EROTIC" in it ("XXX Movies", "VOD | 18+"), or "ADULT(S)" (and its
    /// forms in other languages: "Für Erwachsene", "Для взрослых") but for
    /// "Adult Swim", "Adult Contemporary", "Adult Education", "Adult
    /// Animation" and "Young Adult" ("Junge Erwachsene").
    public static func marks(_ name: String) -> Bool {
        guard mayMark(name) else { return false }
        let list = name.uppercased().split { !($0.isLetter || $0.isNumber || $0 == "+") }
        for (i, word) in list.enumerated() {
            if words.contains(word) { return true }
            guard adult.contains(word) else { continue }
            let after = i + 1 < list.count ? list[i + 1] : nil, before = i > 0 ? list[i - 1] : nil
            if !(after.map(notAfter.contains) ?? false) && !(before.map(notBefore.contains) ?? false) { return true }
        }
        return false
    }

    /// Whether `name` holds one of `stems`, in any case (no allocation).
    private static func mayMark(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            for start in bytes.indices {
                stems: for stem in stems where start + stem.count <= bytes.count {
                    for (offset, wanted) in stem.enumerated() {
                        let byte = bytes[start + offset]
                        if (byte >= 65 && byte <= 90 ? byte | 0x20 : byte) != wanted { continue stems }
                    }
                    return true
                }
            }
            return false
        }
    }
}
