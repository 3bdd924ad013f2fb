import Foundation
import MediaModel
import ShellCore
import Testing
@testable import ShellRuntime

private let fleetMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
private let fleetPG = ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)
private let news = MediaItem(id: "news", title: "News 24", url: "http://tv.example/news.m3u8", isLive: true, number: 1, rating: "TV-PG", contentRating: fleetPG, guideID: "news")
private let late = MediaItem(id: "late", title: "Late Night Bars", url: "http://user:secret@tv.example/late.m3u8", isLive: true, number: 4, rating: "TV-MA",
                             contentRating: fleetMA, guideID: "late")

private func restricted(playing index: Int = 1) -> ShellState {
    let wall = 1_800_000_000.0
    let guide = ProgrammeGuide(channels: [], programmes: [
        Programme(channel: "late", start: wall - 600, stop: wall + 1200, title: "After Dark", subtitle: "Part 2"),
        Programme(channel: "news", start: wall - 600, stop: wall + 1200, title: "The Late Night Bars Review"),
    ])
    var state = ShellState(items: [news, late], guide: guide,
                           restrictions: RestrictionsState(policy: RestrictionPolicy(mode: .passcode, movies: .allowAll, tv: .upTo(fleetPG), hasPasscode: true)))
    state.wallClock = wall
    state.current = index
    state.navigation.destination = .player
    state.playback.phase = .playing
    state.playback.position = 12.34
    return state
}

@Suite("Fleet: config, commands, telemetry, Home Assistant")
struct FleetTests {
    @Test("[mqtt] is read with its defaults; a password in the config, a bad broker, a reserved device name, a missing broker are refused")
    func config() {
        let config = ShellConfigFile.parse("""
            [mqtt]
            groups = ["wing-b", "floor-2"]
            broker = "mqtts://broker.lan"
            username = "room-101"
            password_file = "/etc/tvshell/mqtt-password"
            device_id = "room-101"
            protocol = "3.1.1"
            keepalive = 15
            """, path: "c.toml")
        #expect(config.problems.isEmpty, "\(config.problems)")
        let mqtt = config.mqtt
        #expect(mqtt?.host == "broker.lan" && mqtt?.port == 8883 && mqtt?.tls == true)
        #expect(mqtt?.groups == ["wing-b", "floor-2"] && mqtt?.deviceID == "room-101" && mqtt?.topicPrefix == "tvshell")
        #expect(mqtt?.protocolVersion == 4 && mqtt?.keepAlive == 15 && mqtt?.homeAssistant == true)
        #expect(ShellConfigFile.parse("[mqtt]\nbroker = \"mqtt://10.0.0.2\"", path: "c").mqtt?.port == 1883)

        let bad = ShellConfigFile.parse("""
            [mqtt]
            broker = "http://broker.lan"
            password = "hunter2"
            device_id = "all"
            groups = ["a/b"]
            """, path: "c.toml")
        #expect(bad.problems.map(\.description) == [
            "c.toml:2: mqtt.broker: expected mqtt://HOST:1883 or mqtts://HOST:8883",
            "c.toml:2: mqtt: [mqtt] has no broker (such as \"mqtt://broker.lan:1883\"); MQTT is off",
            "c.toml:3: mqtt.password: the password is never kept in the config (others may read it): put it in a file only tvshell's user can read (chmod 600) and name it with password_file",
            "c.toml:4: mqtt.device_id: \"all\" names the fleet's own topics; choose another device_id",
            "c.toml:5: mqtt.groups: expected a name without /, + or # in quotes",
        ])
        #expect(bad.mqtt == nil)
        #expect(ShellConfigFile.parse("[mqtt]\nbroker = \"mqtt://u:p@h\"", path: "c").problems.first?.message
            == "no account in the broker's address: give username and password_file")
        // Written without its quotes, the password is not repeated in the
        // reason (on the screen, in the log); other lines still are.
        let unquoted = ShellConfigFile.parse("[mqtt]\npassword = hunter2\nusername = room 101\n", path: "c.toml").problems.map(\.description)
        #expect(unquoted.count == 2 && !unquoted[0].contains("hunter2") && unquoted[0].hasPrefix("c.toml:2: mqtt.password: not valid TOML")
                && unquoted[1].contains("room"), "\(unquoted)")
    }

    @Test("the fleet's commands: a message, a lineup, a guide; a channel as Home Assistant lists it")
    func commands() throws {
        #expect(try IPCCommand.parse(["message", "Breakfast", 60]).get() == .message("Breakfast", seconds: 60))
        #expect(try IPCCommand.parse(["message", "Breakfast"]).get() == .message("Breakfast", seconds: 30))
        #expect(try IPCCommand.parse(["message", NSNull()]).get() == .message(nil, seconds: 0))
        #expect(try IPCCommand.parse(["message", "  "]).get() == .message(nil, seconds: 30))
        #expect(try IPCCommand.parse(["message", "a\u{1B}[2Jb\nc"]).get() == .message("a [2Jb c", seconds: 30))
        #expect(IPCCommand.parse(["message", "x", 0]) == .failure(.init("invalid parameter: message shows for 1 to 86400 seconds")))
        #expect(IPCCommand.parse(["message", String(repeating: "x", count: 501)]) == .failure(.init("invalid parameter: a message of at most 500 characters")))
        #expect(try IPCCommand.parse(["lineup", "http://tv.example/l.m3u"]).get() == .lineup("http://tv.example/l.m3u"))
        #expect(try IPCCommand.parse(["guide", "/srv/guide.xml"]).get() == .guide("/srv/guide.xml"))
        #expect(IPCCommand.parse(["guide"]) == .failure(.init("invalid parameter: guide needs a path or URL")))
        #expect(try IPCCommand.parse(["channel", "12 · News"]).get() == .channel(12))
    }

    @Test("payloads: the socket's request object or a bare array; garbage is refused with a reason; mpv's verbs pass")
    func payloads() {
        guard case .request(let id, let command) = FleetCommandPayload.decode(Array(#"{"command":["channel",3],"request_id":"a"}"#.utf8)) else {
            Issue.record("not a request")
            return
        }
        #expect(id as? String == "a" && command.count == 2)
        guard case .request(nil, let bare) = FleetCommandPayload.decode(Array(#" ["channel", 3]"#.utf8)) else {
            Issue.record("a bare array is a command")
            return
        }
        #expect(bare.first as? String == "channel")
        #expect(FleetCommandPayload.check(Array("[]".utf8)) == "invalid JSON: expected a command array or an object with a \"command\" array")
        #expect(FleetCommandPayload.check(Array("{".utf8)) == "invalid JSON: expected an object with a \"command\" array")
        #expect(FleetCommandPayload.check([0xFF, 0xFE]) == "invalid request: not UTF-8 text")
        #expect(FleetCommandPayload.check(Array(#"["set_property","volume",40]"#.utf8)) == nil)
        #expect(FleetCommandPayload.check(Array(#"["fly"]"#.utf8)) == "unknown command fly")
        #expect(FleetCommandPayload.check([UInt8](repeating: 32, count: FleetCommandPayload.limit + 1))?.hasPrefix("invalid request: a payload of") == true)
    }

    @Test("request ids: a redelivered one is seen with its reply; 1 and \"1\" differ; the oldest are forgotten past the capacity")
    func recentRequests() {
        var recent = RecentRequests(capacity: 3)
        let one = RecentRequests.key(1)
        #expect(one != RecentRequests.key("1"))
        #expect(!recent.seen(one).seen)
        recent.begin(one)
        #expect(recent.seen(one).seen && recent.seen(one).reply == nil)
        recent.answered(one, with: ["error": "success"])
        #expect(recent.seen(one).reply?["error"] as? String == "success")
        for n in 2...4 { recent.begin(RecentRequests.key(n)) }
        #expect(!recent.seen(one).seen && recent.seen(RecentRequests.key(4)).seen && recent.count == 3)
        for n in 5...20 { recent.begin(RecentRequests.key(n)) }
        #expect(recent.count == 3 && recent.seen(RecentRequests.key(20)).seen)
    }

    @Test("the state document names restricted content by its rating only, and nothing of it leaves in any string")
    func telemetry() throws {
        let state = restricted()
        let document = FleetTelemetry.document(state, device: "kids", groups: ["home"], version: "0.7.0", uptime: 61.7)
        #expect(document["title"] as? String == "Restricted (TV-MA)")
        let channel = try #require(document["channel"] as? [String: Any])
        #expect(channel["number"] as? Int == 4 && channel["name"] as? String == "Restricted (TV-MA)" && channel["option"] as? String == "4 · Restricted (TV-MA)")
        #expect(document["restricted"] as? Bool == true && document["rating"] as? String == "TV-MA")
        #expect(document["playing"] as? Bool == true && document["position"] as? Double == 12.3 && document["uptime"] as? Int == 61)
        let redaction = FleetRedaction(state)
        let report = redaction.apply(StateReport.make(state, video: .none))
        let text = String(decoding: try JSONSerialization.data(withJSONObject: report), as: UTF8.self)
        for secret in ["Late Night Bars", "After Dark", "Part 2", "secret", "late.m3u8"] { #expect(!text.contains(secret), "\(secret)") }
        #expect(redaction.redact("The Late Night Bars Review") == "The Restricted (TV-MA) Review")
        var recording = state
        recording.recordings.list = [RecordingInfo(id: "r", channel: 1, channelName: "News 24", title: "Midnight Horror", start: 0, end: 1,
                                                   status: .scheduled, rating: "TV-MA", contentRating: tvMA)]
        #expect(FleetRedaction(recording).redact("Midnight Horror") == "Restricted (TV-MA)", "a recording rated over the limits, airing neither now nor next")
        recording.recordings.list = [RecordingInfo(id: "u", channel: 1, channelName: "News 24", title: "Unknown Quantity", start: 0, end: 1, status: .scheduled)]
        #expect(FleetRedaction(recording).redact("Unknown Quantity") == "Unknown Quantity", "unrated, and unrated content allowed")
        recording.restrictions.policy.unrated = .restrict
        #expect(FleetRedaction(recording).redact("Unknown Quantity") == "Restricted", "unrated while unrated content is restricted: it would ask for the passcode as it plays")

        let open = restricted(playing: 0)
        let shown = FleetTelemetry.document(open, device: "kids", groups: [], version: "0.7.0", uptime: 0)
        #expect(shown["title"] as? String == "News 24" && shown["restricted"] as? Bool == false && shown["rating"] is NSNull)
        #expect(shown["asleep"] as? Bool == false)
        var asleep = open
        asleep.sleep.asleep = true
        #expect(FleetTelemetry.document(asleep, device: "kids", groups: [], version: "0.7.0", uptime: 0)["asleep"] as? Bool == true, "a dashboard tells the rooms asleep")
        var saved = open
        saved.screensaver.showing = true
        #expect(shown["screensaver"] as? Bool == false)
        #expect(FleetTelemetry.document(saved, device: "kids", groups: [], version: "0.7.0", uptime: 0)["screensaver"] as? Bool == true, "and the rooms left idle")
        let screen = HomeAssistantDiscovery.entities(topics: FleetTopics(MQTTSettings(host: "h", port: 1883, tls: false, deviceID: "kids")), version: "0.7.0", options: []).first { $0.object == "screen" }
        #expect(screen?.config["value_template"] as? String == "{{ 'asleep' if value_json.asleep else value_json.screen }}")
        var off = open
        off.restrictions.policy = RestrictionPolicy()
        #expect(off.withheldTexts().isEmpty)
    }

    @Test("the state names whether Home Assistant's channel select lists the channel playing: the first 500 numbered channels, not the 501st")
    func listedChannel() throws {
        var items = [MediaItem(id: "film", title: "A Film", url: "/films/a.mkv")]
        items += (1...501).map { (n: Int) in MediaItem(id: "c\(n)", title: "Channel \(n)", url: "http://tv.example/\(n).m3u8", isLive: true, number: n) }
        var state = ShellState(items: items)
        state.navigation.destination = .player
        state.playback.phase = .playing
        func channel(_ index: Int) throws -> [String: Any] {
            state.current = index
            return try #require(FleetTelemetry.document(state, device: "den", groups: [], version: "0.7.0", uptime: 0)["channel"] as? [String: Any])
        }
        #expect(try channel(1)["listed"] as? Bool == true)
        #expect(try channel(500)["listed"] as? Bool == true)
        #expect(HomeAssistantDiscovery.options(state).last == "500 · Channel 500")
        #expect(try channel(501)["listed"] as? Bool == false, "the 501st numbered channel is not among the select's options")
        state.current = 0
        #expect(FleetTelemetry.document(state, device: "den", groups: [], version: "0.7.0", uptime: 0)["channel"] is NSNull)
    }

    @Test("Home Assistant: each entity has the keys its schema requires, and every topic is the box's own; the channel reads unknown while nothing numbered plays, the select also while a channel it does not list plays")
    func discovery() throws {
        let topics = FleetTopics(MQTTSettings(host: "h", port: 1883, tls: false, deviceID: "room.101"))
        let state = restricted()
        let entities = HomeAssistantDiscovery.entities(topics: topics, version: "0.7.0", options: HomeAssistantDiscovery.options(state))
        let required: [String: Set<String>] = [
            "select": ["command_topic", "options"], "button": ["command_topic"], "sensor": ["state_topic"],
            "binary_sensor": ["state_topic"], "number": ["command_topic"], "text": ["command_topic"],
        ]
        #expect(Set(entities.map(\.component)) == Set(required.keys))
        #expect(Set(entities.map(\.object)).count == entities.count)
        #expect(entities.first { $0.object == "volume" }?.config["max"] as? Int == 130)
        let limited = HomeAssistantDiscovery.entities(topics: topics, version: "0.7.0", options: [], loudest: 80)
        #expect(limited.first { $0.object == "volume" }?.config["max"] as? Int == 80, "the slider ends at the box's limit")
        for entity in entities {
            for key in required[entity.component]! { #expect(entity.config[key] != nil, "\(entity.object) lacks \(key)") }
            #expect(entity.config["unique_id"] as? String == "tvshell_room_101_\(entity.object)")
            #expect(entity.config["availability_topic"] as? String == topics.availability)
            for key in ["command_topic", "state_topic", "json_attributes_topic"] {
                if let topic = entity.config[key] as? String { #expect([topics.command, topics.state].contains(topic)) }
            }
            let device = try #require(entity.config["device"] as? [String: Any])
            #expect(device["identifiers"] as? [String] == ["tvshell_room_101"])
            #expect(JSONSerialization.isValidJSONObject(entity.config))
            let topic = HomeAssistantDiscovery.topic(entity, discoveryPrefix: "homeassistant", device: topics.device)
            #expect(topic == "homeassistant/\(entity.component)/tvshell_room_101/\(entity.object)/config")
        }
        let select = try #require(entities.first { $0.component == "select" })
        #expect(select.config["options"] as? [String] == ["1 · News 24", "4 · Restricted (TV-MA)"])
        // While nothing numbered plays, both read None: Home Assistant's
        // unknown (an empty option is not among the options; 0 is no channel).
        #expect(select.config["value_template"] as? String == "{{ value_json.channel.option if value_json.channel and value_json.channel.listed else 'None' }}")
        let number = try #require(entities.first { $0.object == "channel_number" })
        #expect(number.config["value_template"] as? String == "{{ value_json.channel.number if value_json.channel else 'None' }}")
        #expect(topics.commandTopics == ["tvshell/room.101/cmd", "tvshell/all/cmd"])
    }
}
