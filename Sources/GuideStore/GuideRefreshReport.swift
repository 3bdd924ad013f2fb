import Catalog

/// What a refresh did: lineup channels matched, programmes kept, how long it
/// took, each source's problems, and whether the store was replaced (a
/// refused source, or every source failing, keeps the store as it was).
public struct GuideRefreshReport: Sendable, Equatable {
    public struct SourceProblems: Sendable, Equatable {
        public var label: String
        public var problems: [CatalogProblem]
        /// Refused (hostile XML) or not read at all.
        public var failed: Bool
    }

    public var channels: Int
    public var channelsMatched: Int
    public var programmes: Int
    public var seconds: Double
    public var sources: [SourceProblems]
    public var replaced: Bool
    /// Programmes added, changed or gone since the guide stored before:
    /// 0 when the sources' bytes and the lineup were the same, and the
    /// store was left as it was (only its refresh time moved); nil when the
    /// store was built anew.
    public var changed: Int?
    /// Whether a guide was stored before this refresh (what a refresh that
    /// replaced nothing leaves).
    public var storedBefore = true

    /// The one sentence for the guide screen: nil when all went well.
    public var problem: String? {
        let failed = sources.filter(\.failed)
        if let first = failed.first {
            let reason = first.problems.first?.message ?? "could not be read"
            let kept = replaced ? "" : storedBefore ? "; the guide kept is the one from before" : "; there is no guide yet"
            return "\(first.label): \(reason)\(failed.count > 1 ? " (and \(failed.count - 1) more sources)" : "")\(kept)"
        }
        if channelsMatched == 0 && channels > 0 { return "no channel of the lineup is in the guide (by tvg-id or name)" }
        return nil
    }
}
