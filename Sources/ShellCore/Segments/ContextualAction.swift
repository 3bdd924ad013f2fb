import MediaModel

/// "Skip Intro" and its kin: offered bottom right while playback is inside
/// an intro, recap, credits or preview segment (tvOS 15's contextual actions).
public struct ContextualAction: Equatable, Sendable {
    /// What the button says ("Skip Intro").
    public var title: String
    /// `skip-intro`, `skip-recap` … (IPC and events).
    public var id: String
    /// Where taking it seeks to, in seconds (nil: the program's own action,
    /// which the delegate carries out).
    public var target: Double?
    /// The segment it belongs to (nil: the program's own action).
    public var segment: Segment?
    /// Its 8 s are up: it shows again with DOWN or the transport bar.
    public var hidden = false

    public init(for segment: Segment) {
        let name = switch segment.kind {
        case .intro: "Intro"
        case .recap: "Recap"
        case .credits: "Credits"
        case .preview: "Preview"
        case .commercial: "Ad"
        }
        title = "Skip \(name)"
        id = "skip-\(segment.kind.rawValue)"
        target = segment.end
        self.segment = segment
    }

    /// The embedding program's own action (`ShellDelegate.contextualActions(at:)`).
    public init(program action: ProgramAction) {
        title = action.title
        id = action.id
        target = nil
        segment = nil
    }
}

/// An action the embedding program offers at a moment of playback, shown as
/// "Skip Intro" is; choosing it calls `contextualActionActivated(id:)`.
public struct ProgramAction: Equatable, Sendable {
    public var title: String
    public var id: String
    public init(title: String, id: String) {
        self.title = title
        self.id = id
    }
}

/// What to do when playback reaches a segment of a kind (`[segments]` in config).
public enum SegmentChoice: String, Equatable, Sendable, CaseIterable {
    /// Offer the button.
    case ask
    /// Skip it by itself (only when playback reaches it from before), with a
    /// notice; LEFT within 5 s goes back.
    case auto
    /// Neither.
    case never
}

/// A skip made by itself, and where it came from (LEFT goes back there until `until`).
public struct AutomaticSkip: Equatable, Sendable {
    public var segment: Segment
    public var from: Double
    public var until: Instant
    public init(segment: Segment, from: Double, until: Instant) {
        self.segment = segment
        self.from = from
        self.until = until
    }
}
