import Foundation
import ShellCore

extension MPVPlayer {
    /// The keys bound in mpv's window for the TV output: the arrows,
    /// ENTER, ESC, BS, SPACE, PGUP / PGDWN, the media keys, letters, digits,
    /// and every other key of `KeyMap.standard` mpv has (`?` for the keys'
    /// help, the punctuation the shell uses): a key left out of the window
    /// never reached the shell there (`?` did not open the help on the TV).
    static let windowKeys: [String] = {
        var keys = ["UP", "DOWN", "LEFT", "RIGHT", "ENTER", "KP_ENTER", "ESC", "BS", "SPACE", "TAB", "PGUP", "PGDWN", "HOME", "END",
                    "PLAY", "PAUSE", "PLAYPAUSE", "MENU", "CHANNEL_UP", "CHANNEL_DOWN", "NEXT", "PREV", "STOP",
                    "VOLUME_UP", "VOLUME_DOWN", "MUTE"]
        keys += "abcdefghijklmnopqrstuvwxyz".map { String($0) } + "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map { String($0) }
        keys += (0...9).map { String($0) }
        return keys + windowNames(KeyMap.standard.bindings.keys, besides: keys)
    }()

    /// Key names mpv has besides single characters (`mpv --input-keylist`,
    /// the keyboard's and remotes' keys, no mouse or gamepad).
    static let mpvKeyNames: Set<String> = [
        "SPACE", "SHARP", "ENTER", "TAB", "BS", "DEL", "INS", "HOME", "END", "PGUP", "PGDWN", "ESC", "PRINT", "RIGHT", "LEFT", "DOWN", "UP",
        "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12",
        "KP0", "KP1", "KP2", "KP3", "KP4", "KP5", "KP6", "KP7", "KP8", "KP9", "KP_DEL", "KP_DEC", "KP_INS", "KP_ENTER",
        "POWER", "MENU", "PLAY", "PAUSE", "PLAYPAUSE", "STOP", "FORWARD", "REWIND", "NEXT", "PREV", "VOLUME_UP", "VOLUME_DOWN", "MUTE",
        "HOMEPAGE", "WWW", "MAIL", "FAVORITES", "SEARCH", "SLEEP", "CANCEL", "RECORD", "CHANNEL_UP", "CHANNEL_DOWN", "PLAYONLY", "PAUSEONLY",
    ]

    /// Of `names` (a key map's), those mpv's window can bind and `besides`
    /// does not hold, sorted: single characters but those an input.conf line
    /// reads otherwise (`#` starts a comment: mpv's SHARP; quotes and `\`
    /// an argument's quoting) and `mpvKeyNames` (a remote's HELP or GUIDE,
    /// which come through lircd or HDMI-CEC, are not mpv's).
    static func windowNames(_ names: some Sequence<String>, besides: [String]) -> [String] {
        let taken = Set(besides)
        return Set(names).filter { name in
            !taken.contains(name)
                && ((name.count == 1 && !"#\"'\\".contains(name) && !name.contains(where: \.isWhitespace)) || mpvKeyNames.contains(name))
        }.sorted()
    }

    /// The window's keys as an input.conf in memory (`input-conf`):
    /// `windowKeys` and `extra` (the config's own `[keys]`), each key handed
    /// back by name (`script-message tvshell-key KEY`). mpv reads it in
    /// `mpv_initialize` before the window opens: bound afterwards with the
    /// `keybind` command, mpv 0.35 changes the bindings without its input
    /// lock while the window's thread looks them up at each pointer event —
    /// a crash at start (1 in 120 starts under load; the core dump had the
    /// window's thread in `find_bind_for_key_section` as `keybind` ran).
    static func windowBindings(extra: [String] = []) -> String {
        "memory://" + shellBindings(extra: extra)
    }

    /// One line a key of `windowKeys` and `extra`.
    private static func shellBindings(extra: [String]) -> String {
        (windowKeys + windowNames(extra, besides: windowKeys)).map { "\($0) script-message tvshell-key \($0)" }.joined(separator: "\n")
    }

    /// The window's input.conf with the user's own (`[mpv] input-conf`,
    /// given as `memory://` text by `userInputConf`) before the shell's:
    /// mpv takes a key's last line, so the user's keys that the shell does
    /// not use act in the window and the shell's keys stay the shell's.
    static func windowBindings(user: String?, extra: [String] = []) -> String {
        guard let user, user.hasPrefix("memory://") else { return windowBindings(extra: extra) }
        let text = user.dropFirst("memory://".count)
        return text.isEmpty ? windowBindings(extra: extra) : "memory://" + text + "\n" + shellBindings(extra: extra)
    }

    /// The user's `input-conf` for the TV's window as text in memory
    /// (`memory://…`): read once at the shell's start, since every player
    /// the shell makes is given the window's bindings. A path starting with
    /// `~/` is under `$HOME`. Throws a message naming the file and why when
    /// it cannot be read (the window then has the shell's keys alone).
    static func userInputConf(_ value: String, home: String? = ProcessInfo.processInfo.environment["HOME"]) throws -> String {
        if value.hasPrefix("memory://") { return value }
        var path = value
        if path.hasPrefix("~/"), let home { path = home + path.dropFirst(1) }
        let reason: String
        if let data = FileManager.default.contents(atPath: path) {
            if let text = String(data: data, encoding: .utf8) { return "memory://" + text }
            reason = "not UTF-8 text"
        } else {
            var isFolder: ObjCBool = false
            reason = !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) ? "no such file"
                : isFolder.boolValue ? "a folder" : "not readable"
        }
        throw InputConfError(message: "the mpv option input-conf=\(value) cannot be read (\(reason)): mpv's window has the shell's keys alone")
    }

    struct InputConfError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
