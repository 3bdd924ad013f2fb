import Foundation
import ShellCore

/// An automation request, parsed from its JSON array (`["keypress", "RIGHT"]`).
/// Parsing is all that happens here: the shell decides what each does.
enum IPCCommand: Equatable {
    case getState
    case keypress(String)
    case play(String)
    case channel(Int)
    /// Channel number and a time (Unix seconds): its programme then, from
    /// the archive.
    case catchup(Int, Double)
    /// A property of the player in a slot (`main` unless a third element
    /// names `picture` or `preview`).
    case getMPVProperty(String, PlayerSlot)
    /// Search the stored guide (programmes not yet over, by time).
    case guideSearch(String)
    case quit
    /// A banner over every screen for a number of seconds (nil: taken down).
    case message(String?, seconds: Double)
    /// Play the lineup at a path or URL from now on.
    case lineup(String)
    /// Refresh the stored guide from a path or URL from now on.
    case guide(String)
    /// The sleep timer: seconds, the programme's or the film's end, or off.
    case sleep(SleepChoice?)
    /// Multiview of these channel numbers (empty: as `M` picks them; null:
    /// back to the focused channel).
    case multiview([Int]?)
    /// Record channel NUMBER from START (nil: now), for SECONDS (nil: until
    /// the programme airing then ends).
    case record(Int, start: Double?, seconds: Double?)

    /// The longest banner kept, in characters; the longest it stays up.
    static let messageLimit = 500
    static let messageSecondsLimit = 24.0 * 3600

    /// The command in `array`, or the error message its reply carries.
    static func parse(_ array: [Any]) -> Result<IPCCommand, IPCCommandError> {
        let name = array.first as? String ?? ""
        let argument = array.dropFirst().first
        switch name {
        case "get_state":
            return .success(.getState)
        case "keypress":
            guard let key = argument as? String, !key.isEmpty else { return .failure(.init("invalid parameter: keypress needs a key name")) }
            return .success(.keypress(key))
        case "play":
            guard let location = argument as? String, !location.isEmpty else { return .failure(.init("invalid parameter: play needs a path or URL")) }
            return .success(.play(location))
        case "channel":
            // "12", or a channel as Home Assistant's list shows it: "12 · News".
            let number = JSONScalar.int(argument) ?? (argument as? String).flatMap { Int($0.prefix { $0.isASCII && $0.isNumber }) }
            guard let number else { return .failure(.init("invalid parameter: no channel \(argument.map(JSONScalar.text) ?? "given")")) }
            return .success(.channel(number))
        case "catchup":
            let number = JSONScalar.int(argument) ?? (argument as? String).flatMap { Int($0) }
            let start = array.count > 2 ? JSONScalar.double(array[2]) : nil
            guard let number, let start else {
                return .failure(.init("invalid parameter: catchup needs a channel number and a start time (Unix seconds)"))
            }
            return .success(.catchup(number, start))
        case "get_mpv_property":
            guard let property = argument as? String, !property.isEmpty else { return .failure(.init("invalid parameter: get_mpv_property needs a name")) }
            guard array.count > 2 else { return .success(.getMPVProperty(property, .main)) }
            guard let name = array[2] as? String, let slot = PlayerSlot(rawValue: name) else {
                return .failure(.init("invalid parameter: the player is main, picture, preview or view0 to view3"))
            }
            return .success(.getMPVProperty(property, slot))
        case "guide_search":
            guard let text = argument as? String, text.contains(where: { $0.isLetter || $0.isNumber }) else {
                return .failure(.init("invalid parameter: guide_search needs the text to look for"))
            }
            return .success(.guideSearch(text))
        case "quit":
            return .success(.quit)
        case "message":
            if argument == nil || argument is NSNull { return .success(.message(nil, seconds: 0)) }
            guard let text = argument as? String else { return .failure(.init("invalid parameter: message needs the text to show (null takes it down)")) }
            // Control characters (an escape sequence sent to the terminal) become spaces.
            let shown = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard shown.count <= messageLimit else { return .failure(.init("invalid parameter: a message of at most \(messageLimit) characters")) }
            var seconds = 30.0
            if array.count > 2 {
                guard let given = JSONScalar.double(array[2]), given > 0, given <= messageSecondsLimit else {
                    return .failure(.init("invalid parameter: message shows for 1 to 86400 seconds"))
                }
                seconds = given
            }
            return .success(.message(shown.isEmpty ? nil : shown, seconds: seconds))
        case "sleep":
            if argument == nil || argument is NSNull { return .success(.sleep(nil)) }
            if let name = argument as? String, name == "programme" || name == "item" { return .success(.sleep(name == "programme" ? .programme : .item)) }
            guard let seconds = JSONScalar.double(argument), seconds >= 1, seconds <= 24 * 3600 else {
                return .failure(.init("invalid parameter: sleep takes seconds (1 to 86400), \"programme\", \"item\" or null"))
            }
            return .success(.sleep(.after(seconds)))
        case "multiview":
            if argument == nil || argument is NSNull { return .success(.multiview(nil)) }
            guard let list = argument as? [Any], list.count <= 4 else {
                return .failure(.init("invalid parameter: multiview takes up to 4 channel numbers, like [1, 2, 3, 4] (null: back to one)"))
            }
            let numbers = list.compactMap { JSONScalar.int($0) ?? ($0 as? String).flatMap { Int($0.prefix { $0.isASCII && $0.isNumber }) } }
            guard numbers.count == list.count else { return .failure(.init("invalid parameter: multiview takes channel numbers")) }
            if let twice = numbers.enumerated().first(where: { numbers[..<$0.offset].contains($0.element) })?.element {
                return .failure(.init("invalid parameter: channel \(twice) is named twice (each view shows a channel of its own)"))
            }
            return .success(.multiview(numbers))
        case "record":
            let number = JSONScalar.int(argument) ?? (argument as? String).flatMap { Int($0.prefix { $0.isASCII && $0.isNumber }) }
            func time(_ index: Int) -> Double?? {
                guard array.count > index, !(array[index] is NSNull) else { return .some(nil) }
                guard let value = JSONScalar.double(array[index]), value >= 0 else { return nil }
                return .some(value)
            }
            guard let number, let start = time(2), let seconds = time(3), seconds.map({ $0 > 0 }) ?? true else {
                return .failure(.init("invalid parameter: record needs a channel number, then a start time (Unix seconds) and a length in seconds, each optional"))
            }
            return .success(.record(number, start: start, seconds: seconds))
        case "lineup", "guide":
            guard let location = argument as? String, !location.trimmingCharacters(in: .whitespaces).isEmpty else {
                return .failure(.init("invalid parameter: \(name) needs a path or URL"))
            }
            return .success(name == "lineup" ? .lineup(location) : .guide(location))
        default:
            return .failure(.init("unknown command \(name.isEmpty ? "(none)" : name)"))
        }
    }
}

/// Why a request could not be parsed: the reply's `error`.
struct IPCCommandError: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }

    /// Nothing that changes playback is taken while the prompt is up.
    static let promptUp = IPCCommandError("refused: the passcode prompt is up")
    /// A play whose item was read after a later play was asked for
    /// (`AutomationHost.playedItems`): the later one plays.
    static let playSuperseded = IPCCommandError("superseded: a later play was asked for while this one was read")
    /// A play whose item was read after the viewer chose another item to
    /// play (a channel, a film): the viewer's choice stands.
    static let playChosenMeanwhile = IPCCommandError("superseded: something else was chosen to play while this one was read")
}
