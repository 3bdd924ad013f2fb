import CMosquitto
import Foundation
import ShellProbes
#if canImport(Glibc)
import Glibc
#endif

/// A fleet on one broker: `count` shells (`--video none`, the demo lineup)
/// on a real mosquitto, driven with `commands` commands, half to
/// `PREFIX/all/cmd`, half to one box each in turn, one after another (the
/// next once every box it went to has replied). Figures: command → reply
/// and command → the state document showing it, per box, p50 / p99; lost
/// commands; the broker's and the shells' CPU. Beside them, the same
/// commands over each box's automation socket (command → reply).
enum FleetBenchmark {
    static func report(tvshell: String, count: Int = 20, commands: Int = 1000) throws {
        print("\n== fleet over MQTT: \(count) shells (--video none, the demo lineup) on one mosquitto, \(commands) commands (half to all, half to one box)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tvshell-fleet-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let broker = try MosquittoBroker(directory: dir.appendingPathComponent("broker"))
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("tvshell-bench-cache").path
        var shells: [(pid: pid_t, socket: String)] = []
        defer { for shell in shells { Spawn.terminate(shell.pid) } }
        for n in 0..<count {
            let home = dir.appendingPathComponent("box\(n)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let config = home.appendingPathComponent("config.toml").path
            try """
                [mqtt]
                broker = "mqtt://127.0.0.1:\(broker.port)"
                device_id = "box\(n)"
                groups = ["\(n % 2 == 0 ? "even" : "odd")"]
                [library]
                remember = false
                """.write(toFile: config, atomically: true, encoding: .utf8)
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
            environment["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
            environment["XDG_CACHE_HOME"] = cache
            let socket = home.appendingPathComponent("ipc.sock").path
            let pid = try Spawn.start([tvshell, "--video", "none", "--mpv-option", "ao=null", "--config", config, "--ipc-socket", socket,
                                       "--log-file", home.appendingPathComponent("tvshell.log").path], environment: environment)
            shells.append((pid, socket))
        }
        let client = try BenchMQTTClient(port: Int32(broker.port), topics: ["tvshell/+/state", "tvshell/+/reply", "tvshell/+/availability"])
        let devices = (0..<count).map { "box\($0)" }
        let deadline = Deadline(in: 120)
        while Set(client.messages().filter { $0.topic.hasSuffix("/availability") && $0.payload == "online" }.map { $0.topic.split(separator: "/")[1] }).count < count {
            guard !deadline.hasPassed else { throw SpawnError(message: "the shells did not come online") }
            usleep(50_000)
        }
        let ipcClients = try shells.map { try IPCClient(path: $0.socket, timeout: 60) }
        Thread.sleep(forTimeInterval: 1)

        let brokerPID = try brokerProcess(port: broker.port)
        let before = (broker: brokerPID.flatMap(ProcessSample.read)?.cpuSeconds ?? 0, shells: shells.map { ProcessSample.read($0.pid)?.cpuSeconds ?? 0 })
        let started = Date()
        var replyLatency: [Double] = [], stateLatency: [Double] = []
        var lost = 0, expected = 0
        for i in 0..<commands {
            let text = "m-\(i)"
            let targets = i % 2 == 0 ? devices : [devices[(i / 2) % count]]
            let topic = i % 2 == 0 ? "tvshell/all/cmd" : "tvshell/\(targets[0])/cmd"
            expected += targets.count
            let mark = client.count
            let sent = Date()
            client.publish(topic, #"{"command":["message","\#(text)",600],"request_id":"\#(text)"}"#)
            var replied: [String: Date] = [:], shown: [String: Date] = [:]
            let wait = Deadline(in: 5)
            while (replied.count < targets.count || shown.count < targets.count) && !wait.hasPassed {
                for message in client.messages(from: mark) {
                    let device = String(message.topic.split(separator: "/")[1])
                    if message.topic.hasSuffix("/reply"), message.payload.contains(#""request_id":"\#(text)""#) { replied[device] = replied[device] ?? message.at }
                    if message.topic.hasSuffix("/state"), message.payload.contains(#""message":"\#(text)""#) { shown[device] = shown[device] ?? message.at }
                }
                usleep(200)
            }
            lost += targets.count - replied.count
            replyLatency += replied.values.map { $0.timeIntervalSince(sent) * 1000 }
            stateLatency += shown.values.map { $0.timeIntervalSince(sent) * 1000 }
        }
        let elapsed = Date().timeIntervalSince(started)
        let after = (broker: brokerPID.flatMap(ProcessSample.read)?.cpuSeconds ?? 0, shells: shells.map { ProcessSample.read($0.pid)?.cpuSeconds ?? 0 })
        let shellCPU = zip(after.shells, before.shells).map { ($0 - $1) / elapsed * 100 }
        let replies = Statistics(replyLatency), states = Statistics(stateLatency)
        print("  MQTT: command → reply p50 \(fixed(replies.median)) ms, p99 \(fixed(replies.p99)) ms; command → state document p50 \(fixed(states.median)) ms, p99 \(fixed(states.p99)) ms")
        print("        lost commands \(lost) of \(expected) (target 0); \(commands) commands in \(fixed(elapsed, 1)) s")
        print("        CPU: broker \(fixed((after.broker - before.broker) / elapsed * 100, 1)) % of a core; shells mean \(fixed(shellCPU.reduce(0, +) / Double(count), 1)) %, max \(fixed(shellCPU.max() ?? 0, 1)) %")

        var ipcLatency: [Double] = []
        let ipcStarted = Date()
        let ipcBefore = shells.map { ProcessSample.read($0.pid)?.cpuSeconds ?? 0 }
        for i in 0..<commands {
            let targets = i % 2 == 0 ? Array(0..<count) : [(i / 2) % count]
            for index in targets {
                let sent = Date()
                let reply = try ipcClients[index].request(["message", "i-\(i)", 600])
                if reply["error"] as? String == "success" { ipcLatency.append(Date().timeIntervalSince(sent) * 1000) }
            }
        }
        let ipcElapsed = Date().timeIntervalSince(ipcStarted)
        let ipcCPU = zip(shells.map { ProcessSample.read($0.pid)?.cpuSeconds ?? 0 }, ipcBefore).map { ($0 - $1) / ipcElapsed * 100 }
        let ipc = Statistics(ipcLatency)
        print("  IPC (the same commands to each box's socket, one box at a time): command → reply p50 \(fixed(ipc.median)) ms, p99 \(fixed(ipc.p99)) ms, \(expected - ipc.count) lost; shells mean \(fixed(ipcCPU.reduce(0, +) / Double(count), 1)) % CPU")
    }

    /// The pid of the mosquitto listening on `port` (from its command line).
    private static func brokerProcess(port: UInt16) throws -> pid_t? {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let command = try? String(contentsOfFile: "/proc/\(entry)/cmdline", encoding: .utf8) else { continue }
            if command.hasPrefix("mosquitto\0") || command.contains("/mosquitto\0") {
                if let config = command.split(separator: "\0").last, let text = try? String(contentsOfFile: String(config), encoding: .utf8),
                   text.contains("listener \(port) ") { return pid }
            }
        }
        return nil
    }
}

/// A libmosquitto client on its own thread (`mosquitto_loop_start`) that
/// keeps every message with the time it arrived. Any thread.
final class BenchMQTTClient: @unchecked Sendable {
    struct Message {
        let topic: String
        let payload: String
        let at: Date
    }

    private let handle: OpaquePointer
    private let lock = NSLock()
    private var received: [Message] = []

    init(port: Int32, topics: [String]) throws {
        mosquitto_lib_init()
        guard let handle = mosquitto_new("tvshell-bench-\(getpid())", true, nil) else { throw SpawnError(message: "mosquitto_new") }
        self.handle = handle
        mosquitto_int_option(handle, MOSQ_OPT_TCP_NODELAY, 1)
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_message_callback_set(handle) { _, context, message in
            guard let context, let message = message?.pointee, let topic = message.topic else { return }
            let client = Unmanaged<BenchMQTTClient>.fromOpaque(context).takeUnretainedValue()
            let payload = message.payload.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: Int(message.payloadlen)), as: UTF8.self) } ?? ""
            client.lock.lock()
            client.received.append(Message(topic: String(cString: topic), payload: payload, at: Date()))
            client.lock.unlock()
        }
        guard mosquitto_connect(handle, "127.0.0.1", port, 30) == MOSQ_ERR_SUCCESS.rawValue else { throw SpawnError(message: "cannot connect to the broker") }
        for topic in topics { mosquitto_subscribe(handle, nil, topic, 1) }
        mosquitto_loop_start(handle)
    }

    deinit {
        mosquitto_disconnect(handle)
        mosquitto_loop_stop(handle, false)
        mosquitto_destroy(handle)
    }

    func publish(_ topic: String, _ payload: String) {
        let bytes = Array(payload.utf8)
        _ = bytes.withUnsafeBytes { mosquitto_publish(handle, nil, topic, Int32($0.count), $0.baseAddress, 1, false) }
    }

    var count: Int { lock.withLock { received.count } }

    func messages(from start: Int = 0) -> [Message] {
        lock.withLock { Array(received[min(start, received.count)...]) }
    }
}
