import Foundation
import Logging
import MediaModel
import ShellCore
#if canImport(Glibc)
import Glibc
#endif

/// Fleet control and telemetry over MQTT (`[mqtt]`): a port of the store
/// beside the automation socket and MPRIS. It publishes the state document
/// (retained, on change; while playing at most every `playingInterval`),
/// the availability ("online", and "offline" as the last will), the
/// socket's events, and Home Assistant's discovery; it takes the socket's
/// commands from the box's, its groups' and the fleet's command topics,
/// through the same parser and the same refusals, each request id applied
/// once. Nothing of restricted content leaves by its name (`FleetRedaction`).
///
/// Run-loop thread only: the loop polls `pollDescriptor`, calls `service`
/// and `tick`; the store tells it of every action.
final class FleetPort: StateObserver, AutomationPort {
    /// Least seconds between two state documents while only the position moved.
    static let playingInterval = 2.0
    /// Least seconds between two state documents when something else changed.
    static let changeInterval = 0.1

    let settings: MQTTSettings
    let topics: FleetTopics
    private let connection: MQTTConnection
    private let logger: Logger
    private let version: String
    private let started = MonotonicClock.now().seconds
    weak var host: AutomationHost?
    /// The last problem logged, so a broker that stays down is told once.
    private var lastProblem: String?
    private var dirty = true
    /// When the state is next looked at (nil: at the next pass).
    private var dueAt: Double?
    private var lastPublished: (significant: Data, at: Double)?
    /// What is withheld, made again only when what it depends on changed
    /// (a lineup of 50 000 channels costs a pass over them).
    private var redaction: (key: RedactionKey, value: FleetRedaction)?
    private var recent = RecentRequests()
    /// The channel list Home Assistant was last given.
    /// The channel select's options and the highest channel number last
    /// published (nil: publish again).
    private var publishedOptions: (options: [String], highest: Int)?
    /// Events while the broker was away (redacted as they happened, with
    /// their time), sent in order once it is back: the newest
    /// `keptEvents`; `droppedEvents` older ones did not fit.
    private var heldEvents: [Any] = []
    private var droppedEvents = 0
    static let keptEvents = 200

    /// Nil, with the reason logged, when `[mqtt]` cannot be used (a password
    /// file others can read, an unreadable CA file): the shell plays on.
    static func start(_ settings: MQTTSettings, inbox: ActionInbox, logger: Logger, version: String) -> FleetPort? {
        do {
            let password = try settings.passwordFile.map(readPassword)
            let topics = FleetTopics(settings)
            let connection = try MQTTConnection(
                settings: settings, clientID: "tvshell-\(settings.deviceID)", password: password,
                will: (topics.availability, "offline"), inbox: inbox)
            return FleetPort(settings: settings, topics: topics, connection: connection, logger: logger, version: version)
        } catch {
            logger.error("MQTT is off: \(error.message)")
            return nil
        }
    }

    private init(settings: MQTTSettings, topics: FleetTopics, connection: MQTTConnection, logger: Logger, version: String) {
        self.settings = settings
        self.topics = topics
        self.connection = connection
        self.logger = logger
        self.version = version
        logger.info("MQTT: connecting to \(connection.brokerName) as \(settings.deviceID) (topics \(topics.prefix)/\(settings.deviceID)/…)")
    }

    /// The password in `path`: refused when anyone but its owner may read it.
    static func readPassword(_ path: String) throws(MQTTSettingsError) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { throw MQTTSettingsError("the password file \(path) cannot be read (\(String(cString: strerror(errno))))") }
        guard info.st_mode & 0o077 == 0 else {
            throw MQTTSettingsError("the password file \(path) can be read by others (mode \(String(info.st_mode & 0o777, radix: 8))); chmod 600 it")
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw MQTTSettingsError("the password file \(path) cannot be read") }
        return text.trimmingCharacters(in: .newlines)
    }

    // MARK: - The run loop

    var pollDescriptor: pollfd? { connection.pollDescriptor }

    func pollTimeout(now: Double) -> Int32? {
        var pending: Int32?
        if dirty, connection.phase == .online { pending = dueAt.map { Int32(max(0, ($0 - now) * 1000).rounded(.up)) } ?? 0 }
        return [connection.pollTimeout(now: now), pending].compactMap { $0 }.min()
    }

    func service(revents: Int16) {
        connection.service(revents: revents)
        handleEvents()
    }

    func tick(now: Double) {
        connection.tick(now: now)
        handleEvents()
        publishState(now: now)
    }

    /// Says "offline" and disconnects (quit).
    func close() {
        connection.close(lastWords: (topics.availability, "offline"))
    }

    /// A frame changes nothing a dashboard waits for (its counts go out
    /// with the next document); anything else is looked at within
    /// `changeInterval` of the last document.
    func stateChanged(by action: Action, effects: [Effect], to state: ShellState) {
        dirty = true
        if case .frame = action { return }
        if let last = lastPublished { dueAt = last.at + Self.changeInterval }
    }

    /// The socket's events, on `PREFIX/DEVICE/events`; while the broker is
    /// away they are held (the newest `keptEvents`) and sent, in order and
    /// with the time they happened, once it is back.
    func broadcast(event name: String, fields: [String: Any]) {
        guard let state = host?.automationState else { return }
        var object = fields
        object["event"] = name
        object["time"] = Date().timeIntervalSince1970
        let redacted = redaction(state).apply(object)
        guard connection.phase == .online, heldEvents.isEmpty, connection.publish(topics.events, Array(Self.encode(redacted)), retain: false) else {
            hold(redacted)
            return
        }
    }

    private func hold(_ event: Any) {
        heldEvents.append(event)
        let over = heldEvents.count - Self.keptEvents
        if over > 0 {
            heldEvents.removeFirst(over)
            droppedEvents += over
        }
    }

    /// Sends the events held while the broker was away, oldest first (those
    /// it cannot send yet stay held).
    private func sendHeldEvents() {
        guard !heldEvents.isEmpty else { return }
        let count = heldEvents.count
        if droppedEvents > 0 {
            logger.warning("MQTT: \(droppedEvents) events from while the broker was away did not fit; the last \(count) are sent")
            droppedEvents = 0
        }
        var sent = 0
        for event in heldEvents {
            guard connection.publish(topics.events, Array(Self.encode(event)), retain: false) else { break }
            sent += 1
        }
        heldEvents.removeFirst(sent)
        logger.info("MQTT: \(sent) events from while the broker was away sent")
    }

    // MARK: - What the broker says

    private func handleEvents() {
        for event in connection.takeEvents() {
            switch event {
            case .connected:
                logger.info("MQTT: connected to \(connection.brokerName) as \(settings.deviceID)")
                lastProblem = nil
                for topic in topics.commandTopics { connection.subscribe(topic) }
                connection.publish(topics.availability, Array("online".utf8), retain: true)
                publishedOptions = nil
                lastPublished = nil
                dirty = true
                publishState(now: MonotonicClock.now().seconds)
                sendHeldEvents()
            case .lost(let reason):
                if reason != lastProblem {
                    logger.warning("MQTT: \(connection.brokerName): \(reason); trying again")
                    lastProblem = reason
                } else {
                    logger.debug("MQTT: \(connection.brokerName): \(reason)")
                }
            case .message(let topic, let payload, let retained):
                guard topics.commandTopics.contains(topic) else { continue }
                if retained && !payload.isEmpty {
                    logger.warning("MQTT: a retained command on \(topic) was not applied: a command is for the boxes online when it is sent, and a retained one would run again at every connection of every box; clear it with an empty retained message")
                    continue
                }
                command(payload, on: topic)
            }
        }
    }

    private func command(_ payload: [UInt8], on topic: String) {
        guard let host else { return }
        let requestID: Any?
        let command: [Any]
        switch FleetCommandPayload.decode(payload) {
        case .blank: return
        case .invalid(let id, let message):
            logger.warning("MQTT: a command on \(topic) was refused: \(message)")
            if let id { reply(id, error: message, data: nil) }
            return
        case .request(let id, let parsed):
            requestID = id
            command = parsed
        }
        if let requestID {
            let key = RecentRequests.key(requestID)
            let seen = recent.seen(key)
            if seen.seen {
                logger.info("MQTT: request \(key) on \(topic) was applied already; not again")
                if let answer = seen.reply { publish(topics.reply, answer.merging(["duplicate": true]) { _, new in new }, retain: false) }
                return
            }
            recent.begin(key)
        }
        logger.info("MQTT: \(command.first as? String ?? "?") from \(topic)")
        let reply = AutomationReply(via: "mqtt") { [weak self] error, data in
            guard let self, let requestID else { return }
            self.reply(requestID, error: error ?? "success", data: data)
        }
        if !MPVCommands.answer(command, reply: reply, host: host, observe: nil) {
            AutomationRequests.answer(command, reply: reply, host: host)
        }
    }

    private func reply(_ requestID: Any, error: String, data: Any?) {
        var object: [String: Any] = ["request_id": requestID, "error": error, "device": settings.deviceID]
        if let data { object["data"] = data }
        if let state = host?.automationState { object = redaction(state).apply(object) as? [String: Any] ?? object }
        recent.answered(RecentRequests.key(requestID), with: object)
        publish(topics.reply, object, retain: false)
    }

    // MARK: - Publishing

    private func publishState(now: Double) {
        guard dirty, connection.phase == .online, let state = host?.automationState else { return }
        if let dueAt, now < dueAt { return }
        let document = FleetTelemetry.document(state, device: settings.deviceID, groups: settings.groups, version: version, uptime: now - started)
        let shown = redaction(state).apply(document) as? [String: Any] ?? document
        let significant = Self.encode(shown.filter { !FleetTelemetry.moving.contains($0.key) })
        if let last = lastPublished, last.significant == significant {
            // Only the position moved: again after a while while playing.
            guard state.playback.phase == .playing, !state.playback.paused, now - last.at >= Self.playingInterval else {
                dirty = state.playback.phase == .playing && !state.playback.paused
                dueAt = last.at + Self.playingInterval
                return
            }
        }
        dirty = false
        dueAt = nil
        lastPublished = (significant, now)
        publish(topics.state, shown, retain: true)
        publishDiscovery(state)
    }

    private func publishDiscovery(_ state: ShellState) {
        let options = HomeAssistantDiscovery.options(state), highest = HomeAssistantDiscovery.highestNumber(state)
        guard publishedOptions.map({ $0.options != options || $0.highest != highest }) ?? true else { return }
        publishedOptions = (options, highest)
        let loudest = Int((min(state.settings.maxVolume, 1.3) * 100).rounded())
        for entity in HomeAssistantDiscovery.entities(topics: topics, version: version, options: options, highest: highest, loudest: loudest) {
            let topic = HomeAssistantDiscovery.topic(entity, discoveryPrefix: settings.discoveryPrefix, device: settings.deviceID)
            if settings.homeAssistant {
                publish(topic, entity.config, retain: true)
            } else {
                connection.publish(topic, [], retain: true)
            }
        }
    }

    private func redaction(_ state: ShellState) -> FleetRedaction {
        let key = RedactionKey(state)
        if let redaction, redaction.key == key { return redaction.value }
        let made = FleetRedaction(state)
        redaction = (key, made)
        return made
    }

    private func publish(_ topic: String, _ object: Any, retain: Bool) {
        connection.publish(topic, Array(Self.encode(object)), retain: retain)
    }

    private static func encode(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }
}

/// What `FleetRedaction` depends on: the lineup, the limits, what plays and
/// how it is rated, the guide's now and next (by the minute), the
/// recordings' titles and ratings.
private struct RedactionKey: Equatable {
    let items: Int
    let firstItem: String?
    let policy: RestrictionPolicy
    let minute: Int
    let guideChannels: Int
    let window: GuideWindow?
    let current: Int?
    let restricted: Bool
    let ratings: [ContentRating]
    let recordings: [String]

    init(_ state: ShellState) {
        items = state.items.count
        firstItem = state.items.first?.id
        policy = state.restrictions.policy
        minute = Int(state.wallClock / 60)
        guideChannels = state.guide.programmes.channels.count
        window = state.guide.window
        current = state.current
        restricted = state.playback.restricted
        ratings = state.playback.ratings
        recordings = state.recordings.list.map { $0.title + "|" + $0.ratingsHeldTo.map(\.code).joined(separator: ",") }
    }
}
