/// A lineup channel as the guide sees it: what it is matched by and how its
/// times are shifted. Its `key` is the channel's key into the guide
/// (`MediaItem.guideID`): the `tvg-id`, else the name, with the shift when
/// there is one ("bbc1@+1h"), so a "+1" channel sharing an id has its own
/// programmes.
public struct GuideTarget: Hashable, Sendable {
    public var id: String?
    public var names: [String]
    /// Seconds added to every programme's start and stop.
    public var shift: Double

    public init(id: String?, names: [String], shift: Double = 0) {
        self.id = id.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0.trimmingWhitespace() }
        self.names = names
        self.shift = shift
    }

    public var key: String {
        let base = id ?? names.first ?? ""
        guard shift != 0 else { return base }
        let hours = shift / 3600
        let text = hours == hours.rounded() ? String(Int(hours)) : String(hours)
        return base + "@" + (shift > 0 ? "+" : "") + text + "h"
    }

    /// A display name as matched: case and runs of spaces aside.
    static func normalized(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}
