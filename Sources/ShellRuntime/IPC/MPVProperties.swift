import Foundation
import MediaModel
import ShellCore

/// mpv's properties as the automation socket answers them, for mpv's own
/// clients (remotes, client libraries): read from the state, and set
/// through the same actions as the keys and Now Playing, so the passcode
/// prompt, the restrictions and the kiosk apply to them as to everything
/// else. Pure.
enum MPVProperties {
    /// What can be read; `settable` what can be set too.
    static let names = [
        "pause", "time-pos", "duration", "volume", "mute", "speed", "media-title", "path", "playlist-pos", "playlist-count",
        "idle-active", "property-list", "command-list",
    ]
    static let settable: Set<String> = ["pause", "time-pos", "volume", "mute", "speed", "playlist-pos"]
    /// The commands of mpv's protocol the socket answers (besides tvshell's own).
    static let commands = [
        "get_property", "set_property", "set", "cycle", "observe_property", "unobserve_property", "seek", "loadfile", "stop",
        "keypress", "quit", "get_version", "client_name",
    ]

    /// The value of `name` now (JSON: Bool, Double, Int, String, an array),
    /// or mpv's "property unavailable" / "property not found".
    static func value(_ name: String, _ state: ShellState) -> Result<Any, IPCCommandError> {
        let p = state.playback
        let restricted = state.prompt != nil
        switch name {
        case "pause": return .success(p.paused)
        case "time-pos": return p.position.map { .success($0) } ?? .failure(unavailable)
        case "duration": return p.duration.map { .success($0) } ?? .failure(unavailable)
        case "volume": return .success(state.settings.volume * 100)
        case "mute": return .success(state.settings.muted)
        case "speed": return .success(p.speed)
        case "media-title":
            if let prompt = state.prompt { return .success("Restricted (\(prompt.reason(under: state.restrictions.policy)?.code ?? "not rated"))") }
            return state.title.isEmpty ? .failure(unavailable) : .success(state.title)
        case "path":
            guard !restricted, let item = state.currentItem else { return .failure(unavailable) }
            return .success(item.url)
        case "playlist-pos": return .success(restricted ? -1 : state.current ?? -1)
        case "playlist-count": return .success(state.items.count)
        case "idle-active": return .success(p.phase == .idle)
        case "property-list": return .success(names)
        case "command-list": return .success(commands.map { ["name": $0] })
        default: return .failure(IPCCommandError("property not found"))
        }
    }

    /// The action setting `name` to `value` asks for, or why it cannot be set.
    static func set(_ name: String, to value: Any, _ state: ShellState, now: Instant) -> Result<Action, IPCCommandError> {
        guard names.contains(name) else { return .failure(IPCCommandError("property not found")) }
        guard settable.contains(name) else { return .failure(IPCCommandError("unsupported: \(name) is read-only")) }
        if state.prompt != nil && name != "volume" && name != "mute" { return .failure(.promptUp) }
        switch name {
        case "pause", "mute":
            guard let flag = boolean(value) else { return .failure(IPCCommandError("invalid parameter: \(name) is yes or no")) }
            return .success(.nowPlaying(name == "pause" ? (flag ? .pause : .play) : .setMuted(flag), at: now))
        default:
            guard let number = number(value) else { return .failure(IPCCommandError("invalid parameter: \(name) is a number")) }
            switch name {
            case "time-pos": return .success(.nowPlaying(.setPosition(number), at: now))
            // mpv's ranges: outside them mpv refuses the value; inside,
            // the shell's own (0 to 130 %, or `[sound] max_volume`; 0.25×
            // to 2×) bound it, as mpv's `volume-max` does.
            case "volume":
                guard (0...1000).contains(number) else { return .failure(IPCCommandError("invalid parameter: volume is 0 to 1000 (%)")) }
                return .success(.nowPlaying(.setVolume(number / 100), at: now))
            case "speed":
                guard (0.01...100).contains(number) else { return .failure(IPCCommandError("invalid parameter: speed is 0.01 to 100 (pause stops)")) }
                return .success(.nowPlaying(.setRate(number), at: now))
            default:
                guard number >= 0, number < Double(state.items.count) else {
                    return .failure(IPCCommandError("invalid parameter: no entry \(number == number.rounded() ? String(Int(number)) : String(number))"))
                }
                return .success(.playIndex(Int(number), at: now))
            }
        }
    }

    /// `cycle pause` / `cycle mute`: the opposite of what it is.
    static func cycle(_ name: String, _ state: ShellState, now: Instant) -> Result<Action, IPCCommandError> {
        switch name {
        case "pause": set(name, to: !state.playback.paused, state, now: now)
        case "mute": set(name, to: !state.settings.muted, state, now: now)
        default: .failure(IPCCommandError("unsupported: only pause and mute cycle"))
        }
    }

    static let unavailable = IPCCommandError("property unavailable")

    /// mpv's flags: true / false, "yes" / "no" (not 0 / 1: mpv refuses numbers for flags too).
    static func boolean(_ value: Any) -> Bool? {
        if let flag = JSONScalar.flag(value) { return flag }
        switch (value as? String)?.lowercased() {
        case "yes", "true": return true
        case "no", "false": return false
        default: return nil
        }
    }

    /// A number (0 and 1 included), or numeric text; not a flag.
    static func number(_ value: Any) -> Double? {
        JSONScalar.double(value)
    }
}
