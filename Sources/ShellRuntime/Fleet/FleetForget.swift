import CMosquitto
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `tvshell mqtt forget`: takes a box off the broker before its `[mqtt]`
/// goes: its retained state and availability, and Home Assistant's entities
/// (an empty retained message removes each). Blocking, for the command
/// line; never while a shell of the same device runs (it would publish
/// them again). Any thread.
public enum FleetForget {
    /// The topics cleared, or why it could not (the broker's refusal, a
    /// timeout after `timeout` seconds).
    public static func run(_ settings: MQTTSettings, timeout: Double = 10) throws(MQTTSettingsError) -> [String] {
        let password = try settings.passwordFile.map(FleetPort.readPassword)
        let handle = try MQTTConnection.makeHandle(settings, clientID: "tvshell-\(settings.deviceID)-forget", password: password)
        defer { mosquitto_destroy(handle) }
        final class Progress {
            var connack: Int32?
            var acknowledged = 0
            var lastError: String?
        }
        let progress = Progress()
        let context = Unmanaged.passUnretained(progress).toOpaque()
        mosquitto_user_data_set(handle, context)
        mosquitto_connect_callback_set(handle) { _, context, rc in
            context.map { Unmanaged<Progress>.fromOpaque($0).takeUnretainedValue() }?.connack = rc
        }
        mosquitto_publish_callback_set(handle) { _, context, _ in
            context.map { Unmanaged<Progress>.fromOpaque($0).takeUnretainedValue() }?.acknowledged += 1
        }
        mosquitto_log_callback_set(handle) { _, context, level, line in
            guard level & (MOSQ_LOG_ERR | MOSQ_LOG_WARNING) != 0, let line else { return }
            context.map { Unmanaged<Progress>.fromOpaque($0).takeUnretainedValue() }?.lastError = String(cString: line)
        }
        let broker = "\(settings.tls ? "mqtts" : "mqtt")://\(settings.host):\(settings.port)"
        let deadline = Date().addingTimeInterval(timeout)
        func drive(until done: () -> Bool) throws(MQTTSettingsError) {
            while !done() {
                guard Date() < deadline else { throw MQTTSettingsError("\(broker) did not answer within \(Int(timeout)) s") }
                let rc = mosquitto_loop(handle, 100, 1)
                guard rc == MOSQ_ERR_SUCCESS.rawValue || progress.connack.map({ $0 != 0 }) == true else {
                    throw MQTTSettingsError("\(broker): \(progress.lastError ?? MQTTConnection.text(rc))")
                }
                if let connack = progress.connack, connack != 0 {
                    throw MQTTSettingsError("\(broker): \(MQTTConnection.refusal(connack, hasUser: settings.username != nil))")
                }
            }
        }
        errno = 0
        let rc = mosquitto_connect(handle, settings.host, Int32(settings.port), Int32(settings.keepAlive))
        guard rc == MOSQ_ERR_SUCCESS.rawValue else {
            let reason = rc == MOSQ_ERR_ERRNO.rawValue ? String(cString: strerror(errno)) : progress.lastError ?? MQTTConnection.text(rc)
            throw MQTTSettingsError("\(broker): \(reason)")
        }
        try drive { progress.connack == 0 }
        let topics = FleetTopics(settings)
        var cleared = [topics.state, topics.availability]
        for entity in HomeAssistantDiscovery.entities(topics: topics, version: ShellVersion.current, options: []) {
            cleared.append(HomeAssistantDiscovery.topic(entity, discoveryPrefix: settings.discoveryPrefix, device: settings.deviceID))
        }
        for topic in cleared {
            let rc = mosquitto_publish(handle, nil, topic, 0, nil, 1, true)
            guard rc == MOSQ_ERR_SUCCESS.rawValue else { throw MQTTSettingsError("\(broker): \(MQTTConnection.text(rc))") }
        }
        try drive { progress.acknowledged == cleared.count }
        mosquitto_disconnect(handle)
        _ = mosquitto_loop(handle, 100, 1)
        return cleared
    }
}
