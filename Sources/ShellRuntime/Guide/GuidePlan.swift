import Catalog
import GuideStore

/// What the shell keeps its guide from: the store, the lineup's channels
/// and the guide sources, refreshed when the store is older than `maximumAge`.
public struct GuidePlan: Sendable {
    public var store: GuideStore
    public var targets: [GuideTarget]
    /// `--guide` values, else the lineup header's `x-tvg-url` / `url-tvg`.
    public var sources: [String]
    /// Seconds (`[guide] refresh`, 12 h by default).
    public var maximumAge: Double
    /// Where the lineup came from, kept in the store for `guide update`.
    public var lineupLocation: String?

    public init(store: GuideStore, targets: [GuideTarget], sources: [String], maximumAge: Double = 12 * 3600, lineupLocation: String? = nil) {
        self.lineupLocation = lineupLocation
        self.store = store
        self.targets = targets
        self.sources = sources
        self.maximumAge = maximumAge
    }

    /// The narrower window read before the first frame (`GuideWindow.around` follows
    /// from the guide's thread): what the list and the grid show first.
    public static func startWindow(around now: Double) -> (from: Double, to: Double) { (now - 3600, now + 4 * 3600) }
}
