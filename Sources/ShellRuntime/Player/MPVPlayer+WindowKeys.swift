import Foundation

extension MPVPlayer {
    /// The keys bound in mpv's window for the TV output: the arrows,
    /// ENTER, ESC, BS, SPACE, PGUP / PGDWN, the media keys, letters, digits
    /// and the few punctuation keys the shell uses.
    static let windowKeys: [String] = {
        var keys = ["UP", "DOWN", "LEFT", "RIGHT", "ENTER", "KP_ENTER", "ESC", "BS", "SPACE", "TAB", "PGUP", "PGDWN", "HOME", "END",
                    "PLAY", "PAUSE", "PLAYPAUSE", "MENU", "CHANNEL_UP", "CHANNEL_DOWN", "NEXT", "PREV", "STOP",
                    "VOLUME_UP", "VOLUME_DOWN", "MUTE", ",", ".", "[", "]", "<", ">", "-", "/", "(", ")", "*"]
        keys += "abcdefghijklmnopqrstuvwxyz".map { String($0) } + "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map { String($0) }
        keys += (0...9).map { String($0) }
        return keys
    }()

    /// `windowKeys` as an input.conf in memory (`input-conf`), each key
    /// handed back by name (`script-message tvshell-key KEY`). mpv reads it
    /// in `mpv_initialize` before the window opens: bound afterwards with
    /// the `keybind` command, mpv 0.35 changes the bindings without its
    /// input lock while the window's thread looks them up at each pointer
    /// event — a crash at start (1 in 120 starts under load; the core dump
    /// had the window's thread in `find_bind_for_key_section` as `keybind`
    /// ran).
    static let windowBindings: String = "memory://" + shellBindings

    /// One line a key of `windowKeys`.
    private static let shellBindings = windowKeys.map { "\($0) script-message tvshell-key \($0)" }.joined(separator: "\n")

    /// The window's input.conf with the user's own (`[mpv] input-conf`,
    /// given as `memory://` text by `userInputConf`) before the shell's:
    /// mpv takes a key's last line, so the user's keys that the shell does
    /// not use act in the window and the shell's keys stay the shell's.
    static func windowBindings(user: String?) -> String {
        guard let user, user.hasPrefix("memory://") else { return windowBindings }
        let text = user.dropFirst("memory://".count)
        return text.isEmpty ? windowBindings : "memory://" + text + "\n" + shellBindings
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
