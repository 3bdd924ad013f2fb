import Foundation
import Logging
import MPVClient
import ShellCore
@testable import ShellRuntime
import Testing

/// A user's `[mpv] input-conf` on the TV output, through real libmpv: its
/// keys act in mpv's window beside the shell's, which stay the shell's.
@Suite("The user's input.conf on the TV")
struct UserInputConfTests {
    /// The commands mpv binds in its default section, by key, for a TV
    /// player (off screen: no display needed) given `options`.
    private func bindings(_ options: [(String, String)], keys: [String] = []) throws -> [String: String] {
        let player = try MPVPlayer(video: .tv, options: [("ao", "null")] + options, logger: Logger(label: "test"), showsWindow: false, windowKeys: keys)
        defer { player.shutdown() }
        guard case .array(let list) = try player.mpv.node("input-bindings") else { return [:] }
        var byKey: [String: String] = [:]
        for binding in list where binding["section"]?.string == "default" && binding["is_weak"] != .flag(true) {
            if let key = binding["key"]?.string, let command = binding["cmd"]?.string { byKey[key] = command }
        }
        return byKey
    }

    @Test("the user's keys are bound after being read once into memory; a key the shell uses stays the shell's")
    func userKeysBeside() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString).conf")
        defer { try? FileManager.default.removeItem(at: file) }
        try "F5 script-message tvshell-key g\nUP ignore\n# a comment\nF6 cycle mute\n".write(to: file, atomically: true, encoding: .utf8)
        let read = try MPVPlayer.userInputConf(file.path)
        #expect(read.hasPrefix("memory://F5 script-message tvshell-key g\n"))
        let bound = try bindings([("input-conf", read)])
        #expect(bound["F5"] == "script-message tvshell-key g", "\(bound["F5"] ?? "nil")")
        #expect(bound["F6"] == "cycle mute")
        #expect(bound["UP"] == "script-message tvshell-key UP", "the shell's UP: \(bound["UP"] ?? "nil")")
        #expect(bound["g"] == "script-message tvshell-key g")
        #expect(bound.count == MPVPlayer.windowKeys.count + 2)
    }

    @Test("without one, the window has the shell's keys alone: every key of the standard key map mpv has (? for the keys' help, the keypad's digits too)")
    func shellKeysAlone() throws {
        let bound = try bindings([])
        #expect(bound.count == MPVPlayer.windowKeys.count)
        #expect(bound["ENTER"] == "script-message tvshell-key ENTER")
        for key in KeyMap.standard.bindings.keys where key.count == 1 || MPVPlayer.mpvKeyNames.contains(key) {
            #expect(bound[key] == "script-message tvshell-key \(key)", "\(key) is not bound in the window")
        }
        #expect(bound["?"] == "script-message tvshell-key ?")
        // The numeric keypad: mpv names its digits KP0–KP9, Num Lock on or off.
        #expect((0...9).allSatisfy { bound["KP\($0)"] == "script-message tvshell-key KP\($0)" })
    }

    @Test("the config's own [keys] are bound in the window too, where mpv has the key (F1, a character); a remote's names mpv lacks, # and quotes are not")
    func configKeys() throws {
        #expect(MPVPlayer.windowNames(["\"", "'", "\\", "#", " ", "F13", "é"], besides: []) == ["é"])
        let bound = try bindings([], keys: ["F1", "=", "HELP", "#", "ENTER"])
        #expect(bound["F1"] == "script-message tvshell-key F1" && bound["="] == "script-message tvshell-key =")
        #expect(bound["HELP"] == nil && bound["#"] == nil)
        #expect(bound.count == MPVPlayer.windowKeys.count + 2)
    }

    @Test("~/ is under $HOME; a missing file, a folder and text not UTF-8 are named in the message")
    func unreadable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "F7 cycle pause".write(to: folder.appendingPathComponent("input.conf"), atomically: true, encoding: .utf8)
        #expect(try MPVPlayer.userInputConf("~/input.conf", home: folder.path) == "memory://F7 cycle pause")
        #expect(try MPVPlayer.userInputConf("memory://F8 quit") == "memory://F8 quit")
        try Data([0x46, 0x39, 0x20, 0xFF, 0xFE]).write(to: folder.appendingPathComponent("latin.conf"))
        let cases = [("~/missing.conf", "no such file"), (folder.path, "a folder"), ("~/latin.conf", "not UTF-8 text")]
        for (value, reason) in cases {
            do {
                _ = try MPVPlayer.userInputConf(value, home: folder.path)
                Issue.record("\(value) was read")
            } catch {
                #expect("\(error)" == "the mpv option input-conf=\(value) cannot be read (\(reason)): mpv's window has the shell's keys alone")
            }
        }
    }
}
