import Foundation
import MediaModel
import ShellCore
import Testing
@testable import ShellRuntime

/// mpv's properties set over the socket with the values as a client's JSON
/// gives them: on Linux Foundation a JSON `0` or `1` also answers `is Bool`,
/// and a JSON `true` answers `as? Int`.
@Suite("mpv's properties from JSON")
struct MPVPropertiesTests {
    let now = Instant(seconds: 5)

    /// The values of `json` (an array) as the socket reads them.
    func values(_ json: String) throws -> [Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
    }

    func set(_ name: String, _ json: String, _ state: ShellState = ShellState(items: lineup)) throws -> Result<Action, IPCCommandError> {
        MPVProperties.set(name, to: try values("[\(json)]")[0], state, now: now)
    }

    @Test("0 and 1 are numbers: the volume to 0 (Home Assistant's slider at its end), the speed back to 1, the start, the first entry")
    func zeroAndOne() throws {
        #expect(try set("volume", "0") == .success(.nowPlaying(.setVolume(0), at: now)))
        #expect(try set("volume", "1") == .success(.nowPlaying(.setVolume(0.01), at: now)))
        #expect(try set("volume", "0.0") == .success(.nowPlaying(.setVolume(0), at: now)))
        #expect(try set("speed", "1") == .success(.nowPlaying(.setRate(1), at: now)))
        #expect(try set("speed", "1.0") == .success(.nowPlaying(.setRate(1), at: now)))
        #expect(try set("time-pos", "0") == .success(.nowPlaying(.setPosition(0), at: now)))
        #expect(try set("playlist-pos", "0") == .success(.playIndex(0, at: now)))
        #expect(try set("playlist-pos", "1") == .success(.playIndex(1, at: now)))
        #expect(try set("volume", "40") == .success(.nowPlaying(.setVolume(0.4), at: now)))
        #expect(try set("volume", "\"55\"") == .success(.nowPlaying(.setVolume(0.55), at: now)))
    }

    @Test("a volume or speed outside mpv's range is refused as mpv refuses it (speed 0 no longer pauses, -50 % is no 0 %); inside it, the shell's range bounds it")
    func outsideMPVsRange() throws {
        for value in ["-50", "-0.5", "1000.5", "1e9"] {
            #expect(try set("volume", value) == .failure(IPCCommandError("invalid parameter: volume is 0 to 1000 (%)")), "\(value)")
        }
        for value in ["0", "-1", "0.005", "100.5", "1e9"] {
            #expect(try set("speed", value) == .failure(IPCCommandError("invalid parameter: speed is 0.01 to 100 (pause stops)")), "\(value)")
        }
        #expect(try set("volume", "150") == .success(.nowPlaying(.setVolume(1.5), at: now)), "beyond volume-max: bounded by the reducer, as mpv does")
        #expect(try set("volume", "1000") == .success(.nowPlaying(.setVolume(10), at: now)))
        #expect(try set("speed", "3") == .success(.nowPlaying(.setRate(3), at: now)))
        #expect(try set("speed", "0.01") == .success(.nowPlaying(.setRate(0.01), at: now)))
        #expect(IPCCommand.parse(try values(#"["multiview", [1, 1, 1, 1]]"#)) == .failure(.init("invalid parameter: channel 1 is named twice (each view shows a channel of its own)")))
        #expect(IPCCommand.parse(try values(#"["multiview", [1, 2, 3, 2]]"#)) == .failure(.init("invalid parameter: channel 2 is named twice (each view shows a channel of its own)")))
        #expect(IPCCommand.parse(try values(#"["multiview", [1, 2, 3, 4]]"#)) == .success(.multiview([1, 2, 3, 4])))
        #expect(IPCCommand.parse(try values(#"["multiview", []]"#)) == .success(.multiview([])))
    }

    @Test("true and false are flags, not numbers; numbers are not flags")
    func flags() throws {
        #expect(try set("volume", "true") == .failure(IPCCommandError("invalid parameter: volume is a number")))
        #expect(try set("time-pos", "false") == .failure(IPCCommandError("invalid parameter: time-pos is a number")))
        #expect(try set("pause", "true") == .success(.nowPlaying(.pause, at: now)))
        #expect(try set("pause", "false") == .success(.nowPlaying(.play, at: now)))
        #expect(try set("mute", "\"yes\"") == .success(.nowPlaying(.setMuted(true), at: now)))
        #expect(try set("mute", "1") == .failure(IPCCommandError("invalid parameter: mute is yes or no")))
        #expect(try set("pause", "0") == .failure(IPCCommandError("invalid parameter: pause is yes or no")))
    }

    @Test("whole numbers in tvshell's own commands: a JSON true is no channel")
    func channelNumbers() throws {
        #expect(IPCCommand.parse(try values(#"["channel", 2]"#)) == .success(.channel(2)))
        #expect(IPCCommand.parse(try values(#"["channel", 1]"#)) == .success(.channel(1)))
        #expect(IPCCommand.parse(try values(#"["channel", true]"#)) == .failure(.init("invalid parameter: no channel true")))
        #expect(IPCCommand.parse(try values(#"["multiview", [true, 2]]"#)) == .failure(.init("invalid parameter: multiview takes channel numbers")))
        #expect(IPCCommand.parse(try values(#"["record", true]"#)).map { _ in 0 } == .failure(.init(
            "invalid parameter: record needs a channel number, then a start time (Unix seconds) and a length in seconds, each optional")))
    }

    @Test("numbers beyond any sense are no numbers: 1e300, 2^63, 1e19 as text (a whole number of them would not fit an Int, and ended the process)")
    func beyondSense() throws {
        #expect(JSONScalar.double(1e12) == 1e12 && JSONScalar.double(-1e12) == -1e12)
        #expect(JSONScalar.double(1.000001e12) == nil && JSONScalar.double(-1e300) == nil && JSONScalar.double("1e19") == nil)
        #expect(try set("playlist-pos", "1e300") == .failure(IPCCommandError("invalid parameter: playlist-pos is a number")))
        #expect(try set("playlist-pos", "99.5") == .failure(IPCCommandError("invalid parameter: no entry 99.5")))
        #expect(try set("playlist-pos", "-1") == .failure(IPCCommandError("invalid parameter: no entry -1")))
        #expect(try set("time-pos", "9.3e18") == .failure(IPCCommandError("invalid parameter: time-pos is a number")))
        #expect(IPCCommand.parse(try values(#"["record", 2, 1e300, 60]"#)).map { _ in 0 } == .failure(.init(
            "invalid parameter: record needs a channel number, then a start time (Unix seconds) and a length in seconds, each optional")))
        #expect(IPCCommand.parse(try values(#"["catchup", 1, -1e300]"#)).map { _ in 0 } == .failure(.init(
            "invalid parameter: catchup needs a channel number and a start time (Unix seconds)")))
    }
}
