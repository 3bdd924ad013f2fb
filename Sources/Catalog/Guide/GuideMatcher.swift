import MediaModel

/// Decides which lineup channels each guide channel feeds, source by source:
/// a lineup channel whose `tvg-id` a source declares (as a `<channel id>`,
/// exactly, else case aside) takes that channel's programmes; one not matched
/// by id in any source read so far takes those of a channel whose
/// display-name equals its name or `tvg-name` (case and spacing aside).
/// Programmes of an undeclared channel match by id only. Several sources
/// may feed one channel (the store keeps the first programme of a slot).
/// A value; not thread-safe (one refresh uses one).
public struct GuideMatcher {
    public let targets: [GuideTarget]
    private var byID: [String: [Int]] = [:]
    private var byLowerID: [String: [Int]] = [:]
    private var byName: [String: [Int]] = [:]
    /// Targets matched by id in some source: never matched by name after.
    private var matchedByID = Set<Int>()
    /// Targets matched by id or by name.
    public private(set) var matched = Set<Int>()
    /// This source's declared channels, until it is resolved.
    private var declared: [GuideChannel] = []
    private var resolved: [String: [Int]]?

    public init(targets: [GuideTarget]) {
        self.targets = targets
        for (index, target) in targets.enumerated() {
            if let id = target.id {
                byID[id, default: []].append(index)
                byLowerID[id.lowercased(), default: []].append(index)
            }
            for name in target.names { byName[GuideTarget.normalized(name), default: []].append(index) }
        }
    }

    /// Starts the next source.
    public mutating func beginSource() {
        declared = []
        resolved = nil
    }

    /// A `<channel>` of the current source.
    public mutating func declare(_ channel: GuideChannel) {
        if resolved != nil { resolved = nil }
        declared.append(channel)
    }

    /// The targets (indexes into `targets`) a programme of guide channel `id`
    /// belongs to; empty when none.
    public mutating func targets(forChannel id: String) -> [Int] {
        if resolved == nil { resolve() }
        if let found = resolved?[id] { return found }
        let undeclared = byID[id] ?? []
        for index in undeclared {
            matched.insert(index)
            matchedByID.insert(index)
        }
        resolved?[id] = undeclared
        return undeclared
    }

    private mutating func resolve() {
        var map: [String: [Int]] = [:]
        for channel in declared where map[channel.id] == nil {
            let exact = byID[channel.id] ?? []
            let found = exact.isEmpty ? (byLowerID[channel.id.lowercased()] ?? []) : exact
            map[channel.id] = found
            for index in found {
                matched.insert(index)
                matchedByID.insert(index)
            }
        }
        var byNameHere = Set<Int>()
        for channel in declared {
            for name in channel.names {
                for index in byName[GuideTarget.normalized(name)] ?? [] where !matchedByID.contains(index) && !byNameHere.contains(index) {
                    byNameHere.insert(index)
                    map[channel.id, default: []].append(index)
                    matched.insert(index)
                }
            }
        }
        resolved = map
    }
}
