/// A load's HTTP options (user agent, referrer, header fields) set as mpv's
/// own as well as the entry's: an entry libmpv makes from a playlist (a
/// station's `.pls`, `MPVPlayer`'s adopted entry) carries none of the
/// load's per-file options, and would ask for its stream without the
/// lineup's agent and headers. A load without any puts mpv's own back as
/// they were before the first that set them (a user's `[mpv] user-agent`).
/// Only what changes is set: a lineup whose channels share one agent sets
/// it once. Owned by one `MPVPlayer`; its thread only.
struct LoadHTTPOptions {
    /// mpv's options this keeps, as per-file options name them.
    static let names = ["http-header-fields", "referrer", "user-agent"]
    /// mpv's own before the first load that set any.
    private var original: [String: String]?
    /// mpv's own now, as this last set them.
    private var current: [String: String] = [:]

    /// The options to set as mpv's own (name, value) before a load whose
    /// per-file options are `options`; `read` gives mpv's own value of a
    /// name as a per-file option would give it (read once, before the
    /// first change).
    mutating func changes(for options: [String: String], read: (String) -> String) -> [(name: String, value: String)] {
        let wanted = options.filter { Self.names.contains($0.key) }
        if original == nil {
            guard !wanted.isEmpty else { return [] }
            let own = Dictionary(uniqueKeysWithValues: Self.names.map { ($0, read($0)) })
            original = own
            current = own
        }
        var changes: [(name: String, value: String)] = []
        for name in Self.names {
            let value = wanted[name] ?? original?[name] ?? ""
            guard current[name] != value else { continue }
            current[name] = value
            changes.append((name, value))
        }
        return changes
    }
}
