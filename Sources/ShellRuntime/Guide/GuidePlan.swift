import Catalog
import GuideStore
import MediaModel

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

    /// A plan for the store at `storePath` (nil: its default place), for a box that kept none
    /// (its lineup named no guide) and is given a guide source while it
    /// runs (the automation socket's or the fleet's `guide URL`): the
    /// channels are `items`' live ones, matched by what the items keep of
    /// them (the guide id, else the name, as `MediaItem.guideID` holds it)
    /// and by their names.
    public static func fresh(for items: [MediaItem], sources: [String], storePath: String? = nil) -> GuidePlan {
        var seen = Set<String>()
        let targets = items.filter(\.isLive).map { GuideTarget(id: $0.guideID, names: [$0.title]) }.filter { seen.insert($0.key).inserted }
        return GuidePlan(store: GuideStore(path: storePath ?? GuideStore.defaultPath()), targets: targets, sources: sources)
    }

    /// The narrower window read before the first frame (`GuideWindow.around` follows
    /// from the guide's thread): what the list and the grid show first.
    public static func startWindow(around now: Double) -> (from: Double, to: Double) { (now - 3600, now + 4 * 3600) }
}
