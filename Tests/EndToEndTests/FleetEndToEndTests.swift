import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A config file with `[mqtt]` for `broker`, and anything else in `extra`.
private func fleetConfig(_ broker: MosquittoBroker, device: String, groups: [String] = [], mqtt: String = "", extra: String = "",
                         scheme: String = "mqtt", port: UInt16? = nil) throws -> String {
    let path = broker.directory.appendingPathComponent("\(device)-\(UUID().uuidString.prefix(6)).toml").path
    try """
        \(extra)
        [mqtt]
        broker = "\(scheme)://127.0.0.1:\(port ?? broker.port)"
        device_id = "\(device)"
        groups = [\(groups.map { "\"\($0)\"" }.joined(separator: ", "))]
        keepalive = 5
        \(mqtt)
        """.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// The demo lineup with `config`, its demo film made once for all tests.
private func fleetShell(_ config: String, home: ParentalHome? = nil) throws -> ShellUnderTest {
    try ShellUnderTest(["--config", config], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome, home: home)
}

private func channel(_ message: MQTTWatcher.Message) -> Int? {
    (message.json?["channel"] as? [String: Any])?["number"] as? Int
}


/// Whether the shell still shows new frames.
private func stillPlaying(_ shell: ShellUnderTest) throws -> Bool {
    let before = number(try shell.ipc.state()["frames_presented"]) ?? 0
    let later = try shell.ipc.waitForState(timeout: 5) { (number($0["frames_presented"]) ?? 0) > before + 5 }
    return later["phase"] as? String == "playing"
}

@Suite("Fleet control and telemetry over MQTT, end to end (a real mosquitto)", .serialized)
struct FleetEndToEndTests {
    @Test("state is retained and follows a flip within 1 s; a channel command tunes and replies; a duplicated request id is applied once")
    func stateAndCommands() throws {
        let broker = try MosquittoBroker(directory: TVShellBinary.scratchDirectory("mqtt"))
        let watcher = try broker.watch(["tvshell/#"])
        let shell = try fleetShell(try fleetConfig(broker, device: "room-101"))
        _ = try shell.ipc.request(["channel", 1])
        try shell.ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 1 && $0["phase"] as? String == "playing" }
        #expect(watcher.first { $0.topic == "tvshell/room-101/availability" && $0.payload == "online" } != nil)
        #expect(watcher.first { $0.topic == "tvshell/room-101/state" && channel($0) == 1 } != nil)

        let flipped = Date()
        _ = try shell.ipc.request(["keypress", "CHANNEL_UP"])
        let seen = try #require(watcher.next { $0.topic == "tvshell/room-101/state" && channel($0) == 2 })
        #expect(seen.at.timeIntervalSince(flipped) < 1, "the flip reached the broker in \(seen.at.timeIntervalSince(flipped)) s")
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && ($0["channel"] as? [String: Any])?["number"] as? Int == 2 }
        let late = try broker.watch(["tvshell/room-101/state"])
        let retained = try #require(late.first(timeout: 5) { $0.topic == "tvshell/room-101/state" })
        #expect(channel(retained) == 2, "a subscriber that comes later gets the state at once (retained)")
        #expect(retained.json?["device"] as? String == "room-101" && retained.json?["version"] is String && retained.json?["uptime"] is Int)

        try broker.publish("tvshell/room-101/cmd", #"{"command": ["channel", 3], "request_id": "tune-3"}"#)
        let reply = try #require(watcher.next { $0.topic == "tvshell/room-101/reply" && $0.json?["request_id"] as? String == "tune-3" })
        #expect(reply.json?["error"] as? String == "success")
        #expect(watcher.first { $0.topic == "tvshell/room-101/state" && channel($0) == 3 } != nil)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && ($0["channel"] as? [String: Any])?["number"] as? Int == 3 }

        let duplicate = #"{"command": ["keypress", "CHANNEL_DOWN"], "request_id": 77}"#
        try broker.publish("tvshell/room-101/cmd", duplicate)
        try broker.publish("tvshell/room-101/cmd", duplicate)
        let again = try #require(watcher.first { $0.topic == "tvshell/room-101/reply" && $0.json?["request_id"] as? Int == 77 && $0.json?["duplicate"] as? Bool == true })
        #expect(again.json?["error"] as? String == "success")
        try broker.publish("tvshell/all/cmd", #"{"command": ["get_state"], "request_id": "after"}"#)
        let state = try #require(watcher.next { $0.topic == "tvshell/room-101/reply" && $0.json?["request_id"] as? String == "after" })
        #expect(((state.json?["data"] as? [String: Any])?["channel"] as? [String: Any])?["number"] as? Int == 2, "applied once: 3 → 2, not 1")

        try broker.publish("tvshell/room-101/cmd", #"{"command": ["fly"], "request_id": "bad"}"#)
        let refused = try #require(watcher.next { $0.topic == "tvshell/room-101/reply" && $0.json?["request_id"] as? String == "bad" })
        #expect(refused.json?["error"] as? String == "unknown command fly")
        try broker.publish("tvshell/room-101/cmd", #"{"command": ["observe_property", 1, "pause"], "request_id": "obs"}"#)
        let observe = try #require(watcher.next { $0.topic == "tvshell/room-101/reply" && $0.json?["request_id"] as? String == "obs" })
        #expect(observe.json?["error"] as? String == "unsupported here: observe_property (subscribe to the state topic instead)")
        let events = watcher.messages.filter { $0.topic == "tvshell/room-101/events" }.compactMap { $0.json?["event"] as? String }
        #expect(events.contains("channel-flip-started") && events.contains("channel-flip-completed"), "\(events)")
        #expect(try stillPlaying(shell))
    }

    @Test("a retained command is not applied (a retained quit would end every box as it starts): the log says so; a command sent now is")
    func retainedCommand() throws {
        let broker = try MosquittoBroker(directory: TVShellBinary.scratchDirectory("mqtt-retained"))
        try broker.publish("tvshell/all/cmd", #"["quit"]"#, retain: true)
        try broker.publish("tvshell/room-7/cmd", #"{"command": ["channel", 3], "request_id": "old"}"#, retain: true)
        let watcher = try broker.watch(["tvshell/#"])
        let shell = try fleetShell(try fleetConfig(broker, device: "room-7"))
        #expect(watcher.first(timeout: 30) { $0.topic == "tvshell/room-7/availability" && $0.payload == "online" } != nil)
        let warned = Deadline(in: 10)
        while shell.log.components(separatedBy: "a retained command on").count < 3 && !warned.hasPassed { Thread.sleep(forTimeInterval: 0.1) }
        #expect(shell.log.contains("MQTT: a retained command on tvshell/all/cmd was not applied"), "\(shell.log)")
        #expect(shell.log.contains("MQTT: a retained command on tvshell/room-7/cmd was not applied"))
        #expect(!watcher.messages.contains { $0.topic == "tvshell/room-7/reply" }, "nothing answered: nothing was applied")
        #expect(try shell.ipc.state()["channel"].map { ($0 as? [String: Any])?["number"] as? Int } != 3)

        try broker.publish("tvshell/room-7/cmd", #"{"command": ["channel", 2], "request_id": "now"}"#)
        let reply = try #require(watcher.next { $0.topic == "tvshell/room-7/reply" && $0.json?["request_id"] as? String == "now" })
        #expect(reply.json?["error"] as? String == "success")
        try shell.ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 2 }
    }

    @Test("a group command reaches exactly its members; a message is a banner on screen; a kiosk refuses quit over MQTT")
    func groupsMessagesAndKiosk() throws {
        let broker = try MosquittoBroker(directory: TVShellBinary.scratchDirectory("mqtt"))
        let watcher = try broker.watch(["tvshell/#"])
        let kiosk = try fleetShell(try fleetConfig(broker, device: "room-b1", groups: ["wing-b", "floor-2"], extra: "[kiosk]\nenabled = true\nstart = 1"))
        let other = try fleetShell(try fleetConfig(broker, device: "room-a1", groups: ["wing-a", "floor-2"]))
        for device in ["room-b1", "room-a1"] {
            #expect(watcher.first { $0.topic == "tvshell/\(device)/availability" && $0.payload == "online" } != nil)
        }
        try broker.publish("tvshell/group/wing-b/cmd", #"["message", "Breakfast is served until 10:00", 60]"#)
        try kiosk.ipc.waitForState(timeout: 5) { $0["phase"] as? String == "playing" }
        #expect(kiosk.tmux.waitFor(timeout: 5) { $0.contains("Breakfast is served until 10:00") }.ok, "the banner is on the kiosk's screen")
        #expect(watcher.first { $0.topic == "tvshell/room-b1/state" && $0.json?["message"] as? String == "Breakfast is served until 10:00" } != nil)
        try broker.publish("tvshell/all/cmd", #"{"command": ["get_state"], "request_id": "fence"}"#)
        #expect(watcher.next { $0.topic == "tvshell/room-a1/reply" && $0.json?["request_id"] as? String == "fence" } != nil)
        #expect(!other.tmux.capture().contains("Breakfast"), "not a member of wing-b")
        #expect(!watcher.messages.contains { $0.topic == "tvshell/room-a1/state" && $0.json?["message"] is String })

        try broker.publish("tvshell/group/floor-2/cmd", #"{"command": ["message", "Fire drill at 11:00", 30], "request_id": "drill"}"#)
        for device in ["room-b1", "room-a1"] {
            #expect(watcher.first { $0.topic == "tvshell/\(device)/reply" && $0.json?["request_id"] as? String == "drill" } != nil, "\(device) is on floor 2")
        }
        #expect(other.tmux.waitFor(timeout: 5) { $0.contains("Fire drill at 11:00") }.ok)

        try broker.publish("tvshell/room-b1/cmd", #"{"command": ["quit"], "request_id": "leave"}"#)
        let refused = try #require(watcher.next { $0.topic == "tvshell/room-b1/reply" && $0.json?["request_id"] as? String == "leave" })
        #expect(refused.json?["error"] as? String == "refused: kiosk mode")
        #expect(try stillPlaying(kiosk))
        try broker.publish("tvshell/room-a1/cmd", #"{"command": ["quit"], "request_id": "leave-a"}"#)
        #expect(other.waitForExit() == 0, "a box not in kiosk mode quits")
        #expect(watcher.first { $0.topic == "tvshell/room-a1/availability" && $0.payload == "offline" } != nil, "it said offline as it left")
    }

    @Test("a restricted channel's name and programmes never reach a topic; the passcode is not taken over MQTT")
    func restrictedStaysPrivate() throws {
        let broker = try MosquittoBroker(directory: TVShellBinary.scratchDirectory("mqtt"))
        let watcher = try broker.watch(["#"])
        let home = try ParentalHome.withPasscode("2468")
        let shell = try fleetShell(try fleetConfig(broker, device: "kids"), home: home)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        try broker.publish("tvshell/kids/cmd", #"{"command": ["channel", 4], "request_id": "late"}"#)
        try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        let state = try #require(watcher.next { $0.topic == "tvshell/kids/state" && channel($0) == 4 })
        #expect(state.json?["title"] as? String == "Restricted (TV-MA)")
        #expect((state.json?["channel"] as? [String: Any])?["name"] as? String == "Restricted (TV-MA)")
        try broker.publish("tvshell/kids/cmd", #"{"command": ["keypress", "2"], "request_id": "digit"}"#)
        let digit = try #require(watcher.next { $0.topic == "tvshell/kids/reply" && $0.json?["request_id"] as? String == "digit" })
        #expect((digit.json?["error"] as? String)?.hasPrefix("refused: the passcode prompt is up") == true)
        try shell.enter("2468")
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && ($0["channel"] as? [String: Any])?["number"] as? Int == 4 }
        try broker.publish("tvshell/kids/cmd", #"{"command": ["get_state"], "request_id": "look"}"#)
        _ = try #require(watcher.next { $0.topic == "tvshell/kids/reply" && $0.json?["request_id"] as? String == "look" })
        try broker.publish("tvshell/kids/cmd", #"["keypress", "g"]"#)
        try shell.ipc.waitForState { $0["screen"] as? String == "guide" }
        try broker.publish("tvshell/kids/cmd", #"{"command": ["get_state"], "request_id": "look-guide"}"#)
        _ = try #require(watcher.next { $0.topic == "tvshell/kids/reply" && $0.json?["request_id"] as? String == "look-guide" })
        let everything = watcher.messages.map { "\($0.topic) \($0.payload)" }.joined(separator: "\n")
        for secret in ["Late Night Bars", "After Dark", "Bars Uncut", "Midnight Calibration", "smptehdbars"] {
            #expect(!everything.contains(secret), "\(secret) was published")
        }
        #expect(everything.contains("4 · Restricted (TV-MA)"), "Home Assistant's channel list names it by its rating")
        // The passcode as a value of its own, not four digits inside a time
        // stamp (1795822468.7 once made this fail).
        #expect(everything.range(of: #"(?<![0-9.])2468(?![0-9])"#, options: .regularExpression) == nil)
    }

    @Test("recording events reach the events topic; a restricted channel's recording is named there only by its rating, its programme too")
    func recordingEvents() throws {
        let broker = try MosquittoBroker(directory: TVShellBinary.scratchDirectory("mqtt"))
        let watcher = try broker.watch(["#"])
        let live = try SlidingLiveHLS(folder: try TestMedia.liveSegments(), count: 20)
        defer { live.stop() }
        let dir = broker.directory
        let now = Date().timeIntervalSince1970
        let lineup = dir.appendingPathComponent("live.m3u").path
        let guide = dir.appendingPathComponent("guide.xml").path
        try """
            #EXTM3U
            #EXTINF:-1 tvg-id="one.tv" tvg-chno="1",One
            \(live.url(channel: 1))
            #EXTINF:-1 tvg-id="late.tv" tvg-chno="3" tvg-rating="TV-MA",Late Night Cinema
            \(live.url(channel: 3))
            """.write(toFile: lineup, atomically: true, encoding: .utf8)
        try """
            <?xml version="1.0"?>
            <tv><channel id="late.tv"><display-name>Late Night Cinema</display-name></channel>
            <programme start="\(xmltv(now - 600))" stop="\(xmltv(now + 3000))" channel="late.tv"><title>The Unseen Hour</title>
            <rating system="VCHIP"><value>TV-MA</value></rating></programme>
            <channel id="one.tv"><display-name>One</display-name></channel>
            <programme start="\(xmltv(now - 600))" stop="\(xmltv(now + 3000))" channel="one.tv"><title>Morning Show</title></programme>
            <programme start="\(xmltv(now + 3000))" stop="\(xmltv(now + 6600))" channel="one.tv"><title>Cartoons</title></programme>
            <programme start="\(xmltv(now + 6600))" stop="\(xmltv(now + 10200))" channel="one.tv"><title>Midnight Horror</title>
            <rating system="VCHIP"><value>TV-MA</value></rating></programme></tv>
            """.write(toFile: guide, atomically: true, encoding: .utf8)
        let config = try fleetConfig(broker, device: "den", extra: "[recordings]\ndir = \"\(dir.appendingPathComponent("recordings").path)\"\npadding_before = 0\npadding_after = 0\n")
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest(["--config", config, "--home", "--guide", guide, lineup], home: home)
        _ = try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        #expect(watcher.first { $0.topic == "tvshell/den/availability" && $0.payload == "online" } != nil)
        try broker.publish("tvshell/den/cmd", #"{"command": ["record", 3, null, 5], "request_id": "rec"}"#)
        let reply = try #require(watcher.next { $0.topic == "tvshell/den/reply" && $0.json?["request_id"] as? String == "rec" })
        #expect(reply.json?["error"] as? String == "success", "\(reply.payload)")
        let started = try #require(watcher.first(timeout: 20) { $0.topic == "tvshell/den/events" && $0.json?["event"] as? String == "recording-started" })
        #expect(started.json?["channel"] as? Int == 3)
        let finished = try #require(watcher.first(timeout: 30) { $0.topic == "tvshell/den/events" && $0.json?["event"] as? String == "recording-finished" })
        #expect((finished.json?["bytes"] as? Int ?? 0) > 0, "\(finished.payload)")
        // A TV-MA programme two hours on, on an allowed channel: asked for, it is listed (scheduled) by its rating.
        try broker.publish("tvshell/den/cmd", "{\"command\": [\"record\", 1, \(Int(now + 6600)), 3600], \"request_id\": \"later\"}")
        _ = try #require(watcher.next { $0.topic == "tvshell/den/reply" && $0.json?["request_id"] as? String == "later" })
        _ = try shell.ipc.waitForState { (($0["recordings"] as? [String: Any])?["scheduled"] as? [Any])?.count == 1 }
        try broker.publish("tvshell/den/cmd", #"{"command": ["get_state"], "request_id": "look"}"#)
        _ = try #require(watcher.next { $0.topic == "tvshell/den/reply" && $0.json?["request_id"] as? String == "look" })
        let everything = watcher.messages.map { "\($0.topic) \($0.payload)" }.joined(separator: "\n")
        for secret in ["Late Night Cinema", "The Unseen Hour", "live3.m3u8", "Midnight Horror"] {
            #expect(!everything.contains(secret), "\(secret) was published: \(everything.components(separatedBy: "\n").filter { $0.contains(secret) }.prefix(3))")
        }
        #expect(everything.contains("Restricted (TV-MA)"))
    }

    @Test("kill -9 → offline within keep-alive × 1.5; broker stopped and started again → playing on, back online within 10 s")
    func offlineAndReconnect() throws {
        let broker = try MosquittoBroker(directory: TVShellBinary.scratchDirectory("mqtt"))
        var watcher = try broker.watch(["tvshell/+/availability"])
        let shell = try fleetShell(try fleetConfig(broker, device: "lobby"))
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(watcher.first { $0.topic == "tvshell/lobby/availability" && $0.payload == "online" } != nil)

        broker.stop()
        #expect(try stillPlaying(shell), "plays on without its broker")
        #expect(shell.waitForLog("MQTT: mqtt://127.0.0.1:\(broker.port): "))
        // The broker stays away a while (not a wait for anything): the
        // shell's back-off grows, and must still bring it back within 10 s.
        Thread.sleep(forTimeInterval: 3)
        try broker.start()
        let restarted = Date()
        watcher = try broker.watch(["tvshell/+/availability"])
        let back = try #require(watcher.first(timeout: 12) { $0.topic == "tvshell/lobby/availability" && $0.payload == "online" })
        #expect(back.at.timeIntervalSince(restarted) < 10, "online again \(back.at.timeIntervalSince(restarted)) s after the broker came back")
        #expect(try stillPlaying(shell))

        let pid = try #require(shell.pid)
        let killed = Date()
        kill(pid, SIGKILL)
        let offline = try #require(watcher.next(timeout: 10) { $0.topic == "tvshell/lobby/availability" && $0.payload == "offline" })
        #expect(offline.at.timeIntervalSince(killed) < 5 * 1.5, "offline \(offline.at.timeIntervalSince(killed)) s after kill -9")
    }

    @Test("events while the broker is away are held and sent once the box is back, with the time they happened")
    func eventsWhileAway() throws {
        let broker = try MosquittoBroker(directory: TVShellBinary.scratchDirectory("mqtt"), users: ["watcher": "w-pass", "box": "b-pass"])
        broker.useCredentials("watcher", "w-pass")
        let secret = broker.directory.appendingPathComponent("box-password").path
        try "b-pass\n".write(toFile: secret, atomically: true, encoding: .utf8)
        chmod(secret, 0o600)
        let shell = try fleetShell(try fleetConfig(broker, device: "hall", mqtt: "username = \"box\"\npassword_file = \"\(secret)\""))
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        var watcher = try broker.watch(["tvshell/hall/availability"])
        #expect(watcher.first { $0.payload == "online" } != nil)

        broker.stop()
        #expect(shell.waitForLog("MQTT: mqtt://127.0.0.1:\(broker.port): "))
        let away = Date().timeIntervalSince1970
        #expect(try shell.ipc.request(["channel", 2])["error"] as? String == "success")
        try shell.ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 2 && $0["phase"] as? String == "playing" }
        // The broker comes back letting only the watcher in, so the watcher
        // is subscribed before the box can be: then the box is let in.
        try broker.allowUsers(["watcher": "w-pass"])
        try broker.start()
        watcher = try broker.watch(["tvshell/hall/events", "tvshell/hall/availability"])
        #expect(shell.waitForLog("not authorised"), "the box is kept out for now")
        try broker.allowUsers(["watcher": "w-pass", "box": "b-pass"])
        let started = try #require(watcher.first(timeout: 20) { $0.topic == "tvshell/hall/events" && $0.json?["event"] as? String == "playback-started" },
                                   "the event held while the broker was away: \(shell.log.split(separator: "\n").filter { $0.contains("MQTT") })")
        let time = (started.json?["time"] as? Double) ?? 0
        #expect(time >= away && time < started.at.timeIntervalSince1970, "the time it happened, before it was sent: \(time)")
        // Logged once the held events are out: the watcher may have one before the line is written.
        #expect(shell.waitForLog("events from while the broker was away sent"))
    }

    @Test("a wrong password, a password file others can read, TLS on a plain port and a broker's certificate from another CA: each a specific log line, playback unaffected; the right ones connect")
    func refusals() throws {
        let dir = TVShellBinary.scratchDirectory("mqtt")
        let broker = try MosquittoBroker(directory: dir.appendingPathComponent("plain"), users: ["room": "right-one"])
        let wrong = dir.appendingPathComponent("wrong").path
        try "wrong-one\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        chmod(wrong, 0o600)
        let shell = try fleetShell(try fleetConfig(broker, device: "r1", mqtt: "username = \"room\"\npassword_file = \"\(wrong)\""))
        #expect(shell.waitForLog("MQTT: mqtt://127.0.0.1:\(broker.port): the broker refused the user name or password (not authorised); trying again"))
        #expect(try stillPlaying(shell))
        #expect(!shell.log.contains("wrong-one"))

        let open = dir.appendingPathComponent("open").path
        try "right-one\n".write(toFile: open, atomically: true, encoding: .utf8)
        chmod(open, 0o644)
        let exposed = try fleetShell(try fleetConfig(broker, device: "r2", mqtt: "username = \"room\"\npassword_file = \"\(open)\""))
        #expect(exposed.waitForLog("MQTT is off: the password file \(open) can be read by others (mode 644); chmod 600 it"))
        #expect(try stillPlaying(exposed))

        chmod(open, 0o600)
        broker.useCredentials("room", "right-one")
        let watcher = try broker.watch(["tvshell/+/availability"])
        let right = try fleetShell(try fleetConfig(broker, device: "r3", mqtt: "username = \"room\"\npassword_file = \"\(open)\""))
        #expect(watcher.first { $0.topic == "tvshell/r3/availability" && $0.payload == "online" } != nil)
        _ = right

        let mismatch = try fleetShell(try fleetConfig(broker, device: "r4", scheme: "mqtts"))
        #expect(mismatch.waitForLog("MQTT: mqtts://127.0.0.1:\(broker.port): the TLS handshake failed: unexpected eof while reading (does the broker speak TLS on this port?)"))
        #expect(try stillPlaying(mismatch))

        let ours = try TestCertificates(directory: dir.appendingPathComponent("certs"), name: "ours")
        let theirs = try TestCertificates(directory: dir.appendingPathComponent("certs"), name: "theirs")
        let tlsBroker = try MosquittoBroker(directory: dir.appendingPathComponent("tls"), tls: (theirs.certificate, theirs.key))
        let untrusted = try fleetShell(try fleetConfig(tlsBroker, device: "r5", mqtt: "ca_file = \"\(ours.ca)\"", scheme: "mqtts"))
        #expect(untrusted.waitForLog("the TLS handshake failed: certificate verify failed (CA file \(ours.ca))"), "\(untrusted.log.split(separator: "\n").filter { $0.contains("MQTT") })")
        #expect(try stillPlaying(untrusted))
        let trusted = try fleetShell(try fleetConfig(tlsBroker, device: "r6", mqtt: "ca_file = \"\(theirs.ca)\"", scheme: "mqtts"))
        #expect(trusted.waitForLog("MQTT: connected to mqtts://127.0.0.1:\(tlsBroker.port) as r6"))
    }

    @Test("two lineup switches in a row: the later one stands though the earlier is read after it (answered superseded)")
    func lineupSwitchesInOrder() throws {
        let slow = "#EXTM3U\n#EXTINF:-1 tvg-chno=\"1\",Slow One\nav://lavfi:testsrc=size=160x90:rate=25\n"
            + "#EXTINF:-1 tvg-chno=\"2\",Slow Two\nav://lavfi:smptebars=size=160x90:rate=25\n"
        let fast = "#EXTM3U\n#EXTINF:-1 tvg-chno=\"5\",Fast One\nav://lavfi:testsrc2=size=160x90:rate=25\n"
        let server = try LocalHTTPServer(files: ["slow.m3u": Data(slow.utf8), "fast.m3u": Data(fast.utf8)])
        defer { server.stop() }
        server.inject(.rate(60), pathSuffix: "slow.m3u")
        let broker = try MosquittoBroker(directory: TVShellBinary.scratchDirectory("mqtt-switches"))
        let watcher = try broker.watch(["tvshell/#"])
        let shell = try fleetShell(try fleetConfig(broker, device: "bar-2"))
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        try broker.publish("tvshell/bar-2/cmd", #"{"command": ["lineup", "\#(server.url("slow.m3u"))"], "request_id": "first"}"#)
        try broker.publish("tvshell/bar-2/cmd", #"{"command": ["lineup", "\#(server.url("fast.m3u"))"], "request_id": "second"}"#)
        let second = try #require(watcher.next(timeout: 15) { $0.topic == "tvshell/bar-2/reply" && $0.json?["request_id"] as? String == "second" })
        #expect(second.json?["error"] as? String == "success", "\(second.payload)")
        let first = try #require(watcher.first(timeout: 15) { $0.topic == "tvshell/bar-2/reply" && $0.json?["request_id"] as? String == "first" })
        #expect((first.json?["error"] as? String)?.hasPrefix("superseded") == true, "\(first.payload)")
        let state = try shell.ipc.waitForState { $0["items"] as? Int == 1 && $0["phase"] as? String == "playing" }
        #expect((state["channel"] as? [String: Any])?["name"] as? String == "Fast One", "the later lineup stands")
    }

    @Test("a lineup sent over MQTT plays at once; a broken one is refused with why and changes nothing; a guide for a box that kept no store starts one: the grid shows it, Record series finds every airing in it, the search line reads it")
    func lineupAndGuide() throws {
        let broker = try MosquittoBroker(directory: TVShellBinary.scratchDirectory("mqtt"))
        let watcher = try broker.watch(["tvshell/#"])
        let shell = try fleetShell(try fleetConfig(broker, device: "bar"))
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        let lineup = broker.directory.appendingPathComponent("sports.m3u").path
        try """
            #EXTM3U
            #EXTINF:-1 tvg-chno="7",Sports One
            \(try TestMedia.clip())
            #EXTINF:-1 tvg-chno="8",Sports Two
            av://lavfi:testsrc=size=320x180:rate=25
            """.write(toFile: lineup, atomically: true, encoding: .utf8)
        try broker.publish("tvshell/bar/cmd", #"{"command": ["lineup", "\#(lineup)"], "request_id": "l1"}"#)
        let reply = try #require(watcher.next { $0.topic == "tvshell/bar/reply" && $0.json?["request_id"] as? String == "l1" })
        #expect(reply.json?["error"] as? String == "success" && (reply.json?["data"] as? [String: Any])?["channels"] as? Int == 2)
        let playing = try #require(watcher.first { $0.topic == "tvshell/bar/state" && channel($0) == 7 })
        #expect((playing.json?["channel"] as? [String: Any])?["name"] as? String == "Sports One")
        try shell.ipc.waitForState { $0["items"] as? Int == 2 && $0["phase"] as? String == "playing" }

        try broker.publish("tvshell/bar/cmd", #"{"command": ["lineup", "/nowhere/lineup.m3u"], "request_id": "l2"}"#)
        let refused = try #require(watcher.next { $0.topic == "tvshell/bar/reply" && $0.json?["request_id"] as? String == "l2" })
        #expect((refused.json?["error"] as? String)?.hasPrefix("the lineup cannot be read: /nowhere/lineup.m3u") == true, "\(refused.payload)")
        #expect(try shell.ipc.state()["items"] as? Int == 2)
        // A guide for a box that kept none (the demo's lineup named none):
        // a store is started for it, and the grid shows its programme.
        let now = Date().timeIntervalSince1970
        let guideFile = broker.directory.appendingPathComponent("sports.xml").path
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <tv><channel id="sports1"><display-name>Sports One</display-name></channel>
            <programme start="\(xmltv(now - 1800))" stop="\(xmltv(now + 1800))" channel="sports1"><title>Kick Off</title></programme>
            <programme start="\(xmltv(now + 1800))" stop="\(xmltv(now + 3600))" channel="sports1"><title>Replay</title></programme>
            <programme start="\(xmltv(now + 7200))" stop="\(xmltv(now + 9000))" channel="sports1"><title>Replay</title></programme></tv>
            """.write(toFile: guideFile, atomically: true, encoding: .utf8)
        try broker.publish("tvshell/bar/cmd", #"{"command": ["guide", "\#(guideFile)"], "request_id": "g1"}"#)
        let guide = try #require(watcher.next { $0.topic == "tvshell/bar/reply" && $0.json?["request_id"] as? String == "g1" })
        #expect(guide.json?["error"] as? String == "success", "\(guide.payload)")
        _ = try shell.ipc.waitForState(timeout: 30) { ($0["guide_status"] as? [String: Any])?["refreshed"] is NSNumber }
        #expect(try shell.ipc.request(["keypress", "g"])["error"] as? String == "success")
        let grid = try shell.ipc.waitForState(timeout: 15) { (($0["guide"] as? [String: Any])?["focus"] as? [String: Any])?["title"] as? String == "Kick Off" }
        #expect(((grid["guide"] as? [String: Any])?["focus"] as? [String: Any])?["channel"] as? Int == 7)
        // Record series on the next programme: the store started for the
        // box gives the recordings scheduler its other airing too.
        for key in ["RIGHT", "r", "DOWN"] { #expect(try shell.ipc.request(["keypress", key])["error"] as? String == "success") }
        let offered = try shell.ipc.waitForState { (($0["recordings"] as? [String: Any])?["dialog"] as? [String: Any])?["focus"] as? Int == 2 }
        #expect(((offered["recordings"] as? [String: Any])?["dialog"] as? [String: Any])?["choices"] as? [String] == ["Remind me", "Record", "Record series", "Cancel"])
        #expect(try shell.ipc.request(["keypress", "ENTER"])["error"] as? String == "success")
        let scheduled = try shell.ipc.waitForState(timeout: 15) { (($0["recordings"] as? [String: Any])?["scheduled"] as? [[String: Any]])?.count == 2 }
        let airings = ((scheduled["recordings"] as? [String: Any])?["scheduled"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(airings == ["Replay", "Replay"], "\(airings)")
        // The search line reads the store started for the box (not the demo's guide it had).
        for key in ["/", "k", "i", "c", "k"] { #expect(try shell.ipc.request(["keypress", key])["error"] as? String == "success") }
        let found = try shell.ipc.waitForState(timeout: 15) { state in
            let search = (state["guide"] as? [String: Any])?["search"] as? [String: Any]
            return search?["text"] as? String == "kick" && search?["searching"] as? Bool == false && (search?["results"] as? [[String: Any]])?.isEmpty == false
        }
        let results = (((found["guide"] as? [String: Any])?["search"] as? [String: Any])?["results"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(results == ["Kick Off"], "\(results)")
    }

    @Test("Home Assistant discovery read back from the broker: every entity's required keys, its topics the box's own; home_assistant = false removes them")
    func homeAssistantDiscovery() throws {
        let broker = try MosquittoBroker(directory: TVShellBinary.scratchDirectory("mqtt"))
        let shell = try fleetShell(try fleetConfig(broker, device: "den", mqtt: "protocol = \"3.1.1\""))
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        let watcher = try broker.watch(["homeassistant/#"])
        let wanted: [String: [String]] = [
            "select/tvshell_den/channel": ["command_topic", "options"], "button/tvshell_den/next": ["command_topic"],
            "button/tvshell_den/previous": ["command_topic"], "button/tvshell_den/play_pause": ["command_topic"],
            "button/tvshell_den/guide": ["command_topic"], "sensor/tvshell_den/now_playing": ["state_topic"],
            "sensor/tvshell_den/screen": ["state_topic"], "binary_sensor/tvshell_den/problem": ["state_topic"],
            "number/tvshell_den/volume": ["command_topic"], "text/tvshell_den/message": ["command_topic"],
            "number/tvshell_den/channel_number": ["command_topic", "max"],
        ]
        for (path, keys) in wanted {
            let message = try #require(watcher.first(timeout: 5) { $0.topic == "homeassistant/\(path)/config" }, "\(path)")
            let config = try #require(message.json)
            for key in keys + ["name", "unique_id", "device", "availability_topic"] { #expect(config[key] != nil, "\(path) lacks \(key)") }
            #expect(config["availability_topic"] as? String == "tvshell/den/availability")
            for key in ["command_topic", "state_topic", "json_attributes_topic"] {
                if let topic = config[key] as? String { #expect(["tvshell/den/cmd", "tvshell/den/state"].contains(topic), "\(path) \(key) \(topic)") }
            }
        }
        let select = try #require(watcher.first { $0.topic == "homeassistant/select/tvshell_den/channel/config" }?.json)
        #expect((select["options"] as? [String])?.prefix(2) == ["1 · Test Card", "2 · Fractal TV"])
        // What Home Assistant would send: the select's template, filled in.
        try broker.publish("tvshell/den/cmd", #"{"command":["channel","2 · Fractal TV"]}"#)
        try shell.ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 2 }
        let states = try broker.watch(["tvshell/den/state"])
        try broker.publish("tvshell/den/cmd", #"{"command":["set_property","volume",40]}"#)
        #expect(states.first { $0.json?["volume"] as? Int == 40 } != nil)
        #expect(try shell.ipc.request(["get_property", "volume"])["data"] as? Double == 40)
        // The slider at its end: a 0 (which Foundation on Linux also calls a boolean) is the volume right down.
        try broker.publish("tvshell/den/cmd", #"{"command":["set_property","volume",0]}"#)
        #expect(states.first { $0.json?["volume"] as? Int == 0 } != nil)
        try broker.publish("tvshell/den/cmd", #"{"command":["keypress","CHANNEL_UP"]}"#)
        try shell.ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 3 }
        // The channel-number box: any channel by its number.
        let number = try #require(watcher.first { $0.topic == "homeassistant/number/tvshell_den/channel_number/config" }?.json)
        #expect(number["max"] as? Int == 5 && number["mode"] as? String == "box", "\(number)")
        try broker.publish("tvshell/den/cmd", #"{"command":["channel",1]}"#)
        try shell.ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 1 }
        watcher.stop()

        _ = try shell.ipc.request(["quit"])
        #expect(shell.waitForExit() == 0)
        let clearing = try broker.watch(["homeassistant/#"])
        let removing = try fleetShell(try fleetConfig(broker, device: "den", mqtt: "home_assistant = false"))
        // Each entity's config is cleared with an empty retained message; once
        // all have come through, the broker holds none of them.
        let cleared = clearing.first { _ in Set(clearing.messages.filter { $0.payload.isEmpty }.map(\.topic)).count == wanted.count }
        #expect(cleared != nil, "\(clearing.messages.map(\.topic))")
        // A new subscriber is told the retained messages before its own ready marker.
        let after = try broker.watch(["homeassistant/#"])
        #expect(!after.messages.contains { $0.topic.hasPrefix("homeassistant/") }, "no discovery left retained")

        // Unconfigured for good: `tvshell mqtt forget` takes the box off the broker.
        let config = try fleetConfig(broker, device: "den", mqtt: "protocol = \"3.1.1\"")
        _ = try removing.ipc.request(["quit"])
        #expect(removing.waitForExit() == 0)
        let forgot = try Spawn.run([TVShellBinary.path, "mqtt", "forget", "--config", config])
        #expect(forgot.status == 0 && forgot.output.contains("forgot den on mqtt://127.0.0.1:\(broker.port): 13 retained topics cleared"), "\(forgot.output)")
        // forget returns once the broker acknowledged every clearing message.
        let gone = try broker.watch(["tvshell/den/#", "homeassistant/#"])
        #expect(gone.messages.filter { !$0.topic.hasPrefix("tvshell-test/") }.isEmpty, "\(gone.messages.map(\.topic))")
        broker.stop()
        let unreachable = try Spawn.run([TVShellBinary.path, "mqtt", "forget", "--config", config])
        #expect(unreachable.status == 69 && unreachable.output.contains("tvshell: mqtt://127.0.0.1:\(broker.port): Connection refused"), "\(unreachable.output)")
    }
}
