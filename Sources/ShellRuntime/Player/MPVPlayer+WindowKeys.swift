extension MPVPlayer {
    /// The keys bound in mpv's window for the TV output: the arrows,
    /// ENTER, ESC, BS, SPACE, PGUP / PGDWN, the media keys, letters, digits
    /// and the few punctuation keys the shell uses.
    static let windowKeys: [String] = {
        var keys = ["UP", "DOWN", "LEFT", "RIGHT", "ENTER", "KP_ENTER", "ESC", "BS", "SPACE", "TAB", "PGUP", "PGDWN", "HOME", "END",
                    "PLAY", "PAUSE", "PLAYPAUSE", "MENU", "CHANNEL_UP", "CHANNEL_DOWN", "NEXT", "PREV", "STOP",
                    ",", ".", "[", "]", "<", ">", "-", "/"]
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
    static let windowBindings: String = "memory://" + windowKeys.map { "\($0) script-message tvshell-key \($0)" }.joined(separator: "\n")
}
