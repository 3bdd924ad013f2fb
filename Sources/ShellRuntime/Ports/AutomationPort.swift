/// Where events for automation clients go: the IPC socket, or a recorder
/// in the embedded driver. Run-loop thread only.
public protocol AutomationPort: AnyObject {
    /// Pushes `{"event": name, …fields}` to every client.
    func broadcast(event name: String, fields: [String: Any])
}
