/// Where events for automation clients go: the IPC socket, or a recorder
/// in the embedded driver. Run-loop thread only.
public protocol AutomationPort: AnyObject {
    /// Pushes `{"event": name, …fields}` to every client.
    func broadcast(event name: String, fields: [String: Any])
}

/// Several automation ports as one: the socket and the fleet's broker both
/// hear every event. Run-loop thread only.
final class AutomationPorts: AutomationPort {
    private var ports: [any AutomationPort] = []

    func add(_ port: any AutomationPort) { ports.append(port) }

    var isEmpty: Bool { ports.isEmpty }

    func broadcast(event name: String, fields: [String: Any]) {
        for port in ports { port.broadcast(event: name, fields: fields) }
    }
}
