/// Groups of a lineup or categories of an account whose names say their
/// content is for adults, as providers that set no rating or flag name them,
/// and the rating such content gets. Pure; any thread.
public enum AdultGroups {
    /// The rating given to what is marked as for adults: a bare age, ranked
    /// as TV-MA on a channel or an episode, NC-17 on a film
    /// (`RatingsTable.parseAge`).
    public static let rating = "18+"

    /// Whether `name` says so: a word "XXX", "PORN", "18+" or "+18" in it
    /// ("XXX Movies", "VOD | 18+"). Not "Adult" on its own ("Adult Swim" is
    /// a cartoon channel).
    public static func marks(_ name: String) -> Bool {
        // Most names hold none of the characters those words need: no words made.
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "8") || $0 | 0x20 == UInt8(ascii: "x") || $0 | 0x20 == UInt8(ascii: "p") }) else {
            return false
        }
        let words = name.uppercased().split { !($0.isLetter || $0.isNumber || $0 == "+") }
        return words.contains { ["XXX", "PORN", "18+", "+18"].contains($0) }
    }
}
