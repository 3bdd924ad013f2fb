/// Maps key names (mpv's names: "LEFT", "ENTER", "SPACE", "q" …) to remote
/// commands. Pure; the default follows PRODUCT.md's key table.
public struct KeyMap: Equatable, Sendable {
    public var bindings: [String: RemoteCommand]

    public init(bindings: [String: RemoteCommand]) {
        self.bindings = bindings
    }

    /// The command bound to `name`; names are matched as given, then
    /// upper-cased (so "enter" works like "ENTER"); single characters are
    /// case-sensitive ("q" and "Q" are different keys).
    public func command(for name: String) -> RemoteCommand? {
        bindings[name] ?? (name.count > 1 ? bindings[name.uppercased()] : nil)
    }

    public static let standard: KeyMap = {
        var b: [String: RemoteCommand] = [
            "SPACE": .playPause, "PLAYPAUSE": .playPause,
            "PLAY": .play, "PAUSE": .pause,
            "LEFT": .left, "RIGHT": .right, "UP": .up, "DOWN": .down,
            "ENTER": .select, "KP_ENTER": .select,
            "ESC": .menu, "BS": .menu, "MENU": .menu,
            ",": .frameBack, ".": .frameForward,
            "PGUP": .channelUp, "PGDWN": .channelDown,
            "CHANNEL_UP": .channelUp, "CHANNEL_DOWN": .channelDown,
            "i": .info, "INFO": .info, "g": .guide, "GUIDE": .guide,
            "q": .quit, "Q": .quit,
            "p": .pictureInPicture, "P": .closePicture, "m": .movePicture, "x": .swapPicture,
            "[": .pictureBack, "]": .pictureForward, "w": .whatDidTheySay, "l": .live,
            "<": .dayBack, ">": .dayForward, "-": .previousChannel, "f": .favourite, "/": .search,
            "?": .help, "HELP": .help, "M": .multiview, "r": .record,
            ")": .volumeUp, "(": .volumeDown, "*": .mute, "VOLUME_UP": .volumeUp, "VOLUME_DOWN": .volumeDown, "MUTE": .mute,
        ]
        // The numeric keypad's digits: mpv's window names them KP0–KP9,
        // with Num Lock on or off (a terminal sends them as digits).
        for d in 0...9 {
            b["\(d)"] = .digit(d)
            b["KP\(d)"] = .digit(d)
        }
        return KeyMap(bindings: b)
    }()
}
