import Foundation
import MediaModel
import ShellCore

/// Home Assistant's MQTT discovery for one box: a device with a channel
/// `select` (the first 500 channels), a channel-number `number` (any
/// channel, by the number on its remote), `button`s (next, previous,
/// play/pause, guide), `sensor`s (now playing, screen), a `binary_sensor`
/// (problem), a `number` (volume) and a `text` (a message on the screen),
/// each retained at
/// `DISCOVERY/COMPONENT/NODE/OBJECT/config` and tied to the box's
/// availability topic. An empty retained payload at the same topics removes
/// them. Pure; any thread.
enum HomeAssistantDiscovery {
    /// The channel list offers at most this many channels.
    static let optionLimit = 500

    struct Entity {
        let component: String
        let object: String
        let config: [String: Any]
    }

    /// "12 · News": a channel as the select lists it and the state names it.
    static func option(number: Int, name: String) -> String { "\(number) · \(name)" }

    /// The options of the channel select: numbered channels, restricted ones
    /// by their label only.
    static func options(_ state: ShellState) -> [String] {
        var options: [String] = []
        for item in state.items where item.isLive {
            guard let number = item.number else { continue }
            options.append(option(number: number, name: state.restrictedLabel(item) ?? item.title))
            if options.count == optionLimit { break }
        }
        return options
    }

    /// Whether the channel select lists `item` (one of the first
    /// `optionLimit` numbered channels).
    static func lists(_ item: MediaItem, in state: ShellState) -> Bool {
        guard item.isLive, item.number != nil else { return false }
        return state.items.lazy.filter { $0.isLive && $0.number != nil }.prefix(optionLimit).contains { $0.id == item.id }
    }

    /// The highest number of a live channel (the channel-number box's
    /// maximum; 1 without one).
    static func highestNumber(_ state: ShellState) -> Int {
        state.items.lazy.filter(\.isLive).compactMap(\.number).max() ?? 1
    }

    /// `[a-zA-Z0-9_-]` only, as node and object ids must be.
    static func nodeID(_ device: String) -> String {
        "tvshell_" + String(device.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII || $0 == "-" ? Character($0) : "_" })
    }

    static func topic(_ entity: Entity, discoveryPrefix: String, device: String) -> String {
        "\(discoveryPrefix)/\(entity.component)/\(nodeID(device))/\(entity.object)/config"
    }

    /// `highest`: the highest channel number (`highestNumber`). While no
    /// numbered channel plays, the channel select and the channel-number
    /// box read `None`, which Home Assistant shows as unknown (an empty
    /// option is refused as not among the options, and 0 read as a channel);
    /// the select does too while a channel it does not list plays.
    /// `loudest`: the highest volume the box takes, in % (`[sound] max_volume`).
    static func entities(topics: FleetTopics, version: String, options: [String], highest: Int = 1, loudest: Int = 130) -> [Entity] {
        let node = nodeID(topics.device)
        let device: [String: Any] = [
            "identifiers": [node], "name": "tvshell \(topics.device)", "manufacturer": "tvshell", "model": "tvshell",
            "sw_version": version,
        ]
        func entity(_ component: String, _ object: String, _ name: String, _ extra: [String: Any]) -> Entity {
            var config: [String: Any] = [
                "name": name, "unique_id": "\(node)_\(object)", "object_id": "\(node)_\(object)", "device": device,
                "availability_topic": topics.availability, "payload_available": "online", "payload_not_available": "offline",
            ]
            config.merge(extra) { _, new in new }
            return Entity(component: component, object: object, config: config)
        }
        func key(_ name: String) -> String { #"{"command":["keypress","\#(name)"]}"# }
        return [
            entity("select", "channel", "Channel", [
                "command_topic": topics.command, "command_template": #"{"command":["channel",{{ value | tojson }}]}"#,
                "state_topic": topics.state, "value_template": "{{ value_json.channel.option if value_json.channel and value_json.channel.listed else 'None' }}",
                "options": options, "icon": "mdi:television-classic",
            ]),
            entity("number", "channel_number", "Channel number", [
                "command_topic": topics.command, "command_template": #"{"command":["channel",{{ value | int }}]}"#,
                "state_topic": topics.state, "value_template": "{{ value_json.channel.number if value_json.channel else 'None' }}",
                "min": 0, "max": max(1, highest), "step": 1, "mode": "box", "icon": "mdi:numeric",
            ]),
            entity("button", "next", "Next channel", ["command_topic": topics.command, "payload_press": key("CHANNEL_UP"), "icon": "mdi:arrow-up-bold"]),
            entity("button", "previous", "Previous channel", ["command_topic": topics.command, "payload_press": key("CHANNEL_DOWN"), "icon": "mdi:arrow-down-bold"]),
            entity("button", "play_pause", "Play/pause", ["command_topic": topics.command, "payload_press": key("PLAYPAUSE"), "icon": "mdi:play-pause"]),
            entity("button", "guide", "Guide", ["command_topic": topics.command, "payload_press": key("GUIDE"), "icon": "mdi:television-guide"]),
            entity("sensor", "now_playing", "Now playing", [
                "state_topic": topics.state, "value_template": "{{ value_json.title if value_json.title else 'Nothing' }}",
                "json_attributes_topic": topics.state, "icon": "mdi:play-box",
            ]),
            entity("sensor", "screen", "Screen", [
                "state_topic": topics.state, "value_template": "{{ 'asleep' if value_json.asleep else value_json.screen }}", "icon": "mdi:monitor",
            ]),
            entity("binary_sensor", "problem", "Problem", [
                "state_topic": topics.state, "value_template": "{{ 'ON' if value_json.problem else 'OFF' }}", "device_class": "problem",
            ]),
            entity("number", "volume", "Volume", [
                "command_topic": topics.command, "command_template": #"{"command":["set_property","volume",{{ value }}]}"#,
                "state_topic": topics.state, "value_template": "{{ value_json.volume }}", "min": 0, "max": loudest, "step": 1,
                "mode": "slider", "unit_of_measurement": "%", "icon": "mdi:volume-high",
            ]),
            entity("text", "message", "Message", [
                "command_topic": topics.command, "command_template": #"{"command":["message",{{ value | tojson }},60]}"#,
                "state_topic": topics.state, "value_template": "{{ value_json.message or '' }}", "max": 255,
                "icon": "mdi:message-text",
            ]),
        ]
    }
}
