import Foundation

/// `[mqtt]`: the broker a fleet of shells shares, and this box's place in
/// it. A value; read by `ShellConfigFile`, used by `FleetPort`. Any thread.
public struct MQTTSettings: Sendable, Equatable {
    /// `mqtt://host:1883` or `mqtts://host:8883`.
    public var host: String
    public var port: Int
    public var tls: Bool
    public var username: String?
    /// A file (0600) holding the password: never the config itself.
    public var passwordFile: String?
    /// TLS: the CA that signed the broker's certificate (nil: the system's),
    /// and this box's own certificate and key for brokers that ask.
    public var caFile: String?
    public var certFile: String?
    public var keyFile: String?
    /// This box's name in topics (default: the host name).
    public var deviceID: String
    public var topicPrefix = "tvshell"
    public var groups: [String] = []
    /// Seconds between pings: the broker calls the box offline 1.5 × this
    /// after it last heard from it.
    public var keepAlive = 30
    /// 5 or 4 (MQTT 3.1.1).
    public var protocolVersion = 5
    /// Home Assistant's MQTT discovery under `discoveryPrefix`; false
    /// removes what an earlier run published.
    public var homeAssistant = true
    public var discoveryPrefix = "homeassistant"

    public init(host: String, port: Int, tls: Bool, deviceID: String = MQTTSettings.hostName()) {
        self.host = host
        self.port = port
        self.tls = tls
        self.deviceID = deviceID
    }

    /// The broker `mqtt://host[:port]` / `mqtts://host[:port]` names, or why not.
    public static func broker(_ text: String) -> Result<(host: String, port: Int, tls: Bool), MQTTSettingsError> {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "mqtt" || scheme == "mqtts" else {
            return .failure(MQTTSettingsError("expected mqtt://HOST:1883 or mqtts://HOST:8883"))
        }
        guard let host = components.host, !host.isEmpty else { return .failure(MQTTSettingsError("the broker's address has no host")) }
        guard components.user == nil, components.password == nil else {
            return .failure(MQTTSettingsError("no account in the broker's address: give username and password_file"))
        }
        let tls = scheme == "mqtts"
        let port = components.port ?? (tls ? 8883 : 1883)
        guard (1...65535).contains(port) else { return .failure(MQTTSettingsError("the port is 1 to 65535")) }
        return .success((host, port, tls))
    }

    /// Whether `name` can be one level of a topic: not empty, no `/`, `+`,
    /// `#` or control characters.
    public static func isTopicLevel(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 128 && !name.unicodeScalars.contains { "/+#".unicodeScalars.contains($0) || $0.value < 32 || $0.value == 127 }
    }

    /// Whether `prefix` can lead every topic: levels as `isTopicLevel`.
    public static func isTopicPrefix(_ prefix: String) -> Bool {
        prefix.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { isTopicLevel(String($0)) }
    }

    /// The host name, made a topic level (dots kept, anything else odd made `-`).
    public static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let name = gethostname(&buffer, buffer.count) == 0 ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "tvshell"
        let cleaned = String(name.unicodeScalars.map { isTopicLevel(String($0)) ? Character($0) : "-" })
        return cleaned.isEmpty ? "tvshell" : cleaned
    }
}

/// Why an `[mqtt]` value was refused.
public struct MQTTSettingsError: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
