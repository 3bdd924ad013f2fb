import Testing
@testable import ShellRuntime

@Suite("IPC commands")
struct IPCCommandTests {
    @Test("each command parses with its argument; numbers may come as strings")
    func parses() throws {
        #expect(try IPCCommand.parse(["get_state"]).get() == .getState)
        #expect(try IPCCommand.parse(["keypress", "RIGHT"]).get() == .keypress("RIGHT"))
        #expect(try IPCCommand.parse(["play", "/m/f.mkv"]).get() == .play("/m/f.mkv"))
        #expect(try IPCCommand.parse(["channel", 4]).get() == .channel(4))
        #expect(try IPCCommand.parse(["channel", "12"]).get() == .channel(12))
        #expect(try IPCCommand.parse(["get_mpv_property", "path"]).get() == .getMPVProperty("path", .main))
        #expect(try IPCCommand.parse(["get_mpv_property", "mute", "picture"]).get() == .getMPVProperty("mute", .picture))
        #expect(IPCCommand.parse(["get_mpv_property", "mute", "corner"]) == .failure(.init("invalid parameter: the player is main, picture, preview or view0 to view3")))
        #expect(try IPCCommand.parse(["quit"]).get() == .quit)
    }

    @Test("wrong or missing arguments and unknown names say what is wrong")
    func refuses() {
        func message(_ command: [Any]) -> String? {
            if case .failure(let error) = IPCCommand.parse(command) { error.message } else { nil }
        }
        #expect(message([]) == "unknown command (none)")
        #expect(message(["fly"]) == "unknown command fly")
        #expect(message(["keypress"]) == "invalid parameter: keypress needs a key name")
        #expect(message(["keypress", 3]) == "invalid parameter: keypress needs a key name")
        #expect(message(["play", ""]) == "invalid parameter: play needs a path or URL")
        #expect(message(["channel", "four"]) == "invalid parameter: no channel four")
        #expect(message(["channel"]) == "invalid parameter: no channel given")
        #expect(message(["get_mpv_property"]) == "invalid parameter: get_mpv_property needs a name")
    }
}
