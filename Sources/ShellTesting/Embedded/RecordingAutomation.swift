import Foundation
import ShellRuntime

/// Keeps every event the shell pushes, as automation clients would get it.
/// Run-loop thread only.
public final class RecordingAutomation: AutomationPort {
    public struct Event: CustomStringConvertible {
        public let name: String
        public let fields: [String: Any]
        public var description: String { "\(name) \(fields)" }
    }

    public private(set) var events: [Event] = []

    public init() {}

    public func broadcast(event name: String, fields: [String: Any]) {
        events.append(Event(name: name, fields: fields))
    }

    /// Events named `name`, oldest first.
    public func named(_ name: String) -> [Event] { events.filter { $0.name == name } }
}
