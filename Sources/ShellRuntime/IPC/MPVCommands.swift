import Foundation
import MediaModel
import ShellCore

/// mpv's JSON IPC verbs on the automation socket, with mpv's semantics, so
/// an mpv remote or client library attached to tvshell's socket works
/// unchanged: `get_property`, `set_property`, `set`, `cycle`,
/// `observe_property` / `unobserve_property` (with `property-change`
/// events), `seek`, `loadfile`, `stop`, `get_version`, `client_name`.
/// Everything that changes playback is an action through the store (the
/// passcode prompt, the restrictions and the kiosk apply). Run-loop thread.
enum MPVCommands {
    /// mpv 0.35's client API version (2.1).
    static let clientAPIVersion = (2 << 16) | 1

    /// Answers `command` when it is one of mpv's verbs; false for the rest.
    /// `observe`: where `observe_property` (a property) and
    /// `unobserve_property` (nil) go: a socket client's observations; nil
    /// where there is no client to tell (MQTT).
    static func answer(_ command: [Any], reply answer: AutomationReply, host: AutomationHost,
                       observe: ((_ id: Int, _ property: String?, _ asText: Bool, _ state: ShellState) -> Void)?) -> Bool {
        let name = command.first as? String ?? ""
        let arguments = Array(command.dropFirst())
        func reply(_ result: Result<Any?, IPCCommandError>) {
            switch result {
            case .success(let data): answer(data: data)
            case .failure(let error): answer(error.message)
            }
        }
        func perform(_ made: Result<Action, IPCCommandError>) {
            switch made {
            case .success(let action):
                host.send(action, from: answer.via)
                reply(.success(nil))
            case .failure(let error): reply(.failure(error))
            }
        }
        if observe == nil, ["observe_property", "observe_property_string", "unobserve_property"].contains(name) {
            reply(.failure(IPCCommandError("unsupported here: \(name) (subscribe to the state topic instead)")))
            return true
        }
        let state = host.automationState
        let now = host.now()
        switch name {
        case "get_property", "get_property_string":
            guard let property = arguments.first as? String else { reply(.failure(IPCCommandError("invalid parameter"))); return true }
            reply(MPVProperties.value(property, state).map { value in
                name == "get_property_string" ? MPVCommands.text(value) : value
            })
        case "set_property", "set_property_string", "set":
            guard arguments.count >= 2, let property = arguments[0] as? String else { reply(.failure(IPCCommandError("invalid parameter"))); return true }
            perform(MPVProperties.set(property, to: arguments[1], state, now: now))
        case "cycle":
            guard let property = arguments.first as? String else { reply(.failure(IPCCommandError("invalid parameter"))); return true }
            perform(MPVProperties.cycle(property, state, now: now))
        case "observe_property", "observe_property_string":
            guard arguments.count >= 2, let id = MPVProperties.number(arguments[0]).map({ Int($0) }), let property = arguments[1] as? String else {
                reply(.failure(IPCCommandError("invalid parameter")))
                return true
            }
            reply(.success(nil))
            observe?(id, property, name.hasSuffix("_string"), state)
        case "unobserve_property":
            guard let id = arguments.first.flatMap(MPVProperties.number).map({ Int($0) }) else { reply(.failure(IPCCommandError("invalid parameter"))); return true }
            observe?(id, nil, false, state)
            reply(.success(nil))
        case "seek":
            guard let offset = arguments.first.flatMap(MPVProperties.number) else { reply(.failure(IPCCommandError("invalid parameter"))); return true }
            guard state.prompt == nil else { reply(.failure(.promptUp)); return true }
            let mode = (arguments.dropFirst().first as? String) ?? "relative"
            switch mode {
            case "relative", "relative+exact", "relative+keyframes": perform(.success(.nowPlaying(.seek(by: offset), at: now)))
            case "absolute", "absolute+exact", "absolute+keyframes": perform(.success(.nowPlaying(.setPosition(offset), at: now)))
            case "absolute-percent":
                guard let duration = state.playback.duration else { reply(.failure(MPVProperties.unavailable)); return true }
                perform(.success(.nowPlaying(.setPosition(duration * offset / 100), at: now)))
            default: reply(.failure(IPCCommandError("invalid parameter: seek is relative, absolute or absolute-percent")))
            }
        case "loadfile":
            guard let location = arguments.first as? String, !location.isEmpty else { reply(.failure(IPCCommandError("invalid parameter"))); return true }
            let flag = (arguments.dropFirst().first as? String) ?? "replace"
            guard flag == "replace" else { reply(.failure(IPCCommandError("unsupported: loadfile \(flag) (only replace)"))); return true }
            guard state.prompt == nil else { reply(.failure(.promptUp)); return true }
            host.playedItems(location) { read in
                guard host.automationState.prompt == nil else { return reply(.failure(.promptUp)) }
                perform(read.map { .playItems($0, at: host.now()) })
            }
        case "stop":
            perform(.success(.nowPlaying(.stop, at: now)))
        case "get_version":
            reply(.success(clientAPIVersion))
        case "client_name":
            reply(.success("tvshell"))
        default:
            return false
        }
        return true
    }

    /// A value as mpv's `_string` variants give it.
    static func text(_ value: Any) -> Any {
        switch value {
        case let flag as Bool: flag ? "yes" : "no"
        case let number as Double: String(format: "%.6f", number)
        case let number as Int: String(number)
        case let text as String: text
        default: value
        }
    }
}

/// The properties each client observes (`observe_property`), and what it
/// was last told of each: after every action the values that changed go to
/// it as `{"event": "property-change", "id": …, "name": …, "data": …}`, as
/// mpv sends them. Forgotten when the client goes. Run-loop thread only.
final class MPVObservations: StateObserver {
    private struct Observation {
        var property: String
        var asText: Bool
        var last: String?
    }

    private weak var ipc: IPCServer?
    private var byClient: [IPCClientID: [Int: Observation]] = [:]

    init(ipc: IPCServer) {
        self.ipc = ipc
    }

    func observe(_ client: IPCClientID, id: Int, property: String, asText: Bool, state: ShellState) {
        byClient[client, default: [:]][id] = Observation(property: property, asText: asText, last: nil)
        tell(client, state)
    }

    func unobserve(_ client: IPCClientID, id: Int) {
        byClient[client]?[id] = nil
    }

    func stateChanged(by action: Action, effects: [Effect], to state: ShellState) {
        for client in Array(byClient.keys) { tell(client, state) }
    }

    /// Sends `client` the observed values that changed since it was last told.
    private func tell(_ client: IPCClientID, _ state: ShellState) {
        guard let ipc, ipc.isConnected(client) else {
            byClient[client] = nil
            return
        }
        for (id, observation) in byClient[client] ?? [:] {
            var data: Any = NSNull()
            if case .success(let value) = MPVProperties.value(observation.property, state) {
                data = observation.asText ? MPVCommands.text(value) : value
            }
            let key = "\(data)"
            guard key != observation.last else { continue }
            byClient[client]?[id]?.last = key
            var fields: [String: Any] = ["id": id, "name": observation.property]
            if !(data is NSNull) { fields["data"] = data }
            ipc.send(event: "property-change", fields: fields, to: client)
        }
    }
}
