/// The topics of one box under `[mqtt] topic_prefix` (PREFIX):
///
///     PREFIX/DEVICE/state          retained JSON, on change
///     PREFIX/DEVICE/availability   retained "online" / "offline" (the last will)
///     PREFIX/DEVICE/events         the automation socket's events
///     PREFIX/DEVICE/reply          replies to commands with a request_id
///     PREFIX/DEVICE/cmd            commands to this box
///     PREFIX/group/GROUP/cmd       commands to a group it is in
///     PREFIX/all/cmd               commands to every box
///
/// Pure; any thread.
struct FleetTopics: Equatable {
    let prefix: String
    let device: String
    let groups: [String]

    init(_ settings: MQTTSettings) {
        prefix = settings.topicPrefix
        device = settings.deviceID
        groups = settings.groups
    }

    var state: String { "\(prefix)/\(device)/state" }
    var availability: String { "\(prefix)/\(device)/availability" }
    var events: String { "\(prefix)/\(device)/events" }
    var reply: String { "\(prefix)/\(device)/reply" }
    var command: String { "\(prefix)/\(device)/cmd" }
    var all: String { "\(prefix)/all/cmd" }
    func group(_ name: String) -> String { "\(prefix)/group/\(name)/cmd" }

    /// Every topic commands reach this box on.
    var commandTopics: [String] { [command, all] + groups.map(group) }

    /// Device names that would collide with the fleet's own topics.
    static let reservedDevices: Set<String> = ["all", "group"]
}
