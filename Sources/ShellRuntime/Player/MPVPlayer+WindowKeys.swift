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
}
