/// The names the screens' hints and the list of keys give keys: the
/// keyboard's, or the buttons of the remote in the viewer's hand once a
/// remote is used (lircd, a remote read as an input device, the TV's own
/// over HDMI-CEC), as a console's button prompts follow the controller.
/// A hint for a key the remote has no button for is left out. The runtime
/// sets them (`Action.keyLabels`) when the kind of input changes. Pure.
public struct KeyLabels: Equatable, Sendable {
    /// Each command's button on the remote; nil: the keyboard's names.
    public var remote: [RemoteCommand: String]?

    public init(remote: [RemoteCommand: String]?) {
        self.remote = remote
    }

    /// The keyboard's names (the start, and after any key typed on a keyboard).
    public static let keyboard = KeyLabels(remote: nil)

    /// Whether the names are a remote's.
    public var isRemote: Bool { remote != nil }

    /// `command`'s key: `keyboard` (its name on a keyboard) with the
    /// keyboard's names, its button with a remote's; nil when the remote
    /// has no button for it.
    public func key(_ command: RemoteCommand, keyboard: String) -> String? {
        guard let remote else { return keyboard }
        return remote[command]
    }

    /// One item of a hint line: a key (a command's, or one both have, as
    /// the arrows and the digits: `command` nil) and what it does.
    public struct Item: Sendable {
        public var command: RemoteCommand?
        public var keyboard: String
        public var what: String

        public init(_ command: RemoteCommand?, _ keyboard: String, _ what: String) {
            self.command = command
            self.keyboard = keyboard
            self.what = what
        }
    }

    /// "↑↓ select · ENTER play · ? keys" with the keyboard's names, "↑↓
    /// select · OK play · HELP keys" with a remote's; items the remote has
    /// no button for left out.
    /// `between`: what goes between a key and what it does (" ", or ": ").
    public func hint(_ items: [Item], separator: String, between: String = " ") -> String {
        items.compactMap { item -> String? in
            guard let command = item.command else { return item.keyboard + between + item.what }
            return key(command, keyboard: item.keyboard).map { $0 + between + item.what }
        }.joined(separator: separator)
    }

    /// The labels of the remote whose buttons `map` reads: each command's
    /// button, the one printed on most remotes first ("OK" before "ENTER",
    /// "BACK" before "EXIT"), named as printed ("GUIDE" for KEY_EPG, "CH+"
    /// for KEY_CHANNELUP). A keyboard's keys read as an input device
    /// (KEY_G, KEY_SPACE), the arrows' commands and the digits are not labels.
    public static func remote(_ map: RemoteMap) -> KeyLabels {
        var labels: [RemoteCommand: String] = [:]
        var ranks: [RemoteCommand: (Int, String)] = [:]
        for (button, binding) in map.bindings {
            let name = button.uppercased()
            guard name.hasPrefix("KEY_"), !keyboardOnly.contains(name) else { continue }
            let bare = String(name.dropFirst(4))
            guard bare.count > 1, !arrows.contains(bare), !bare.hasPrefix("NUMERIC_"), Int(bare) == nil else { continue }
            // The arrows are named as arrows, whichever other buttons move too (KEY_YELLOW, KEY_REWIND).
            guard ![RemoteCommand.up, .down, .left, .right].contains(binding.command) else { continue }
            let rank = (preference.firstIndex(of: name) ?? preference.count, name)
            if let known = ranks[binding.command], known <= rank { continue }
            ranks[binding.command] = rank
            labels[binding.command] = printed[bare] ?? bare
        }
        return KeyLabels(remote: labels)
    }

    /// Buttons found on most remotes, first choice first.
    static let preference = [
        "KEY_OK", "KEY_SELECT", "KEY_ENTER", "KEY_BACK", "KEY_EXIT", "KEY_MENU", "KEY_EPG", "KEY_PROGRAM", "KEY_HOME",
        "KEY_INFO", "KEY_HELP", "KEY_PLAYPAUSE", "KEY_CHANNELUP", "KEY_CHANNELDOWN", "KEY_FAVORITES", "KEY_SEARCH", "KEY_SCREEN",
        "KEY_STOP", "KEY_RECORD", "KEY_LAST", "KEY_ZOOM", "KEY_TV", "KEY_AGAIN", "KEY_VOLUMEUP", "KEY_VOLUMEDOWN", "KEY_MUTE",
        "KEY_REWIND", "KEY_FASTFORWARD", "KEY_PREVIOUS", "KEY_NEXT", "KEY_RED", "KEY_GREEN", "KEY_YELLOW", "KEY_BLUE",
        "KEY_PAGEUP", "KEY_PAGEDOWN", "KEY_POWER",
    ]

    /// The kernel's names as remotes print them.
    static let printed = [
        "EPG": "GUIDE", "PROGRAM": "GUIDE", "CHANNELUP": "CH+", "CHANNELDOWN": "CH-", "VOLUMEUP": "VOL+", "VOLUMEDOWN": "VOL-",
        "PLAYPAUSE": "PLAY/PAUSE", "FAVORITES": "FAV", "SCREEN": "PIP", "RECORD": "REC", "FASTFORWARD": "FFWD", "PREVIOUS": "PREV",
        "PAGEUP": "PAGE+", "PAGEDOWN": "PAGE-",
    ]

    static let arrows: Set<String> = ["UP", "DOWN", "LEFT", "RIGHT"]

    /// What a button of an input device says of the hand it is in: a
    /// remote (true: KEY_OK, KEY_BACK, KEY_EPG …), a keyboard (false: its
    /// letters, space, backspace, escape), or nothing (nil: the arrows, the
    /// digits, ENTER and the media keys, which both have).
    public static func remoteInHand(button: String) -> Bool? {
        let name = button.uppercased()
        guard name.hasPrefix("KEY_") else { return nil }
        let bare = name.dropFirst(4)
        if keyboardOnly.contains(name) || (bare.count == 1 && bare.first?.isLetter == true) { return false }
        return preference.contains(name) && !onBoth.contains(name) ? true : nil
    }

    /// Buttons of remotes that keyboards have too.
    static let onBoth: Set<String> = [
        "KEY_ENTER", "KEY_HOME", "KEY_PAGEUP", "KEY_PAGEDOWN", "KEY_MENU", "KEY_POWER", "KEY_PLAYPAUSE", "KEY_VOLUMEUP", "KEY_VOLUMEDOWN",
        "KEY_MUTE", "KEY_STOP", "KEY_NEXT", "KEY_PREVIOUS",
    ]

    /// A keyboard's keys read as an input device (a console kiosk's): the
    /// keypad's too.
    static let keyboardOnly = Set(["KEY_SPACE", "KEY_KPENTER", "KEY_BACKSPACE", "KEY_ESC"] + (0...9).map { "KEY_KP\($0)" })
}
