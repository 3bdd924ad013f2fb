/// Maps remote buttons (LIRC's names: KEY_OK, KEY_CHANNELUP …) to commands,
/// with lircrc's repeat rules per button. Pure; `standard` covers the usual
/// Linux input names.
public struct RemoteMap: Equatable, Sendable {
    /// One button's meaning and how its repeats (the button held) count.
    public struct Binding: Equatable, Sendable {
        public var command: RemoteCommand
        /// lircrc `repeat`: 0 ignores repeats; N passes every Nth one.
        public var repeatEvery: Int
        /// lircrc `delay`: repeats ignored before the first that passes.
        public var delay: Int

        public init(_ command: RemoteCommand, repeatEvery: Int = 0, delay: Int = 0) {
            self.command = command
            self.repeatEvery = repeatEvery
            self.delay = delay
        }

        /// Whether the event with lircd's repeat count `count` (0 for the
        /// press, 1, 2 … while held) gives a command, as lirc_client decides.
        public func passes(repeatCount count: Int) -> Bool {
            if count == 0 { return true }
            guard repeatEvery > 0, count > delay else { return false }
            return (count - delay - 1) % repeatEvery == 0
        }
    }

    public var bindings: [String: Binding]

    public init(bindings: [String: Binding]) {
        self.bindings = bindings
    }

    /// The command for `button` held for `repeatCount` repeats, or nil
    /// (unbound, or a repeat that does not count).
    public func command(button: String, repeatCount: Int) -> RemoteCommand? {
        guard let binding = bindings[button] ?? bindings[button.uppercased()], binding.passes(repeatCount: repeatCount) else { return nil }
        return binding.command
    }

    /// Arrows repeat while held (after two repeats, every repeat: scrubbing
    /// accelerates); LEFT / RIGHT also flip channels, so they pass every
    /// second repeat; channel keys, digits and the rest do not repeat.
    public static let standard: RemoteMap = {
        var b: [String: Binding] = [
            "KEY_UP": Binding(.up, repeatEvery: 1, delay: 2), "KEY_DOWN": Binding(.down, repeatEvery: 1, delay: 2),
            "KEY_LEFT": Binding(.left, repeatEvery: 2, delay: 2), "KEY_RIGHT": Binding(.right, repeatEvery: 2, delay: 2),
            "KEY_OK": Binding(.select), "KEY_ENTER": Binding(.select), "KEY_SELECT": Binding(.select),
            "KEY_BACK": Binding(.menu), "KEY_EXIT": Binding(.menu), "KEY_ESC": Binding(.menu), "KEY_MENU": Binding(.menu),
            "KEY_INFO": Binding(.info), "KEY_EPG": Binding(.guide), "KEY_PROGRAM": Binding(.guide), "KEY_HOME": Binding(.guide),
            "KEY_CHANNELUP": Binding(.channelUp), "KEY_CHANNELDOWN": Binding(.channelDown),
            "KEY_PAGEUP": Binding(.channelUp), "KEY_PAGEDOWN": Binding(.channelDown),
            "KEY_PLAYPAUSE": Binding(.playPause), "KEY_PLAY": Binding(.play), "KEY_PAUSE": Binding(.pause),
            "KEY_STOP": Binding(.closePicture), "KEY_SCREEN": Binding(.pictureInPicture), "KEY_AGAIN": Binding(.whatDidTheySay), "KEY_TV": Binding(.live), "KEY_HELP": Binding(.help),
            "KEY_REWIND": Binding(.left, repeatEvery: 1, delay: 1), "KEY_FASTFORWARD": Binding(.right, repeatEvery: 1, delay: 1),
            "KEY_PREVIOUS": Binding(.frameBack), "KEY_NEXT": Binding(.frameForward),
            "KEY_RED": Binding(.info), "KEY_GREEN": Binding(.guide), "KEY_YELLOW": Binding(.up), "KEY_BLUE": Binding(.down),
            "KEY_POWER": Binding(.quit),
            "KEY_VOLUMEUP": Binding(.volumeUp, repeatEvery: 1, delay: 1), "KEY_VOLUMEDOWN": Binding(.volumeDown, repeatEvery: 1, delay: 1),
            "KEY_MUTE": Binding(.mute),
            "KEY_ZOOM": Binding(.multiview), "KEY_RECORD": Binding(.record), "KEY_LAST": Binding(.previousChannel), "KEY_FAVORITES": Binding(.favourite), "KEY_SEARCH": Binding(.search),
            // A keyboard read as an input device (a console kiosk grabs it):
            // the keys tvshell's keyboard map gives the same letters.
            "KEY_SPACE": Binding(.playPause), "KEY_KPENTER": Binding(.select), "KEY_BACKSPACE": Binding(.menu),
            "KEY_G": Binding(.guide), "KEY_I": Binding(.info), "KEY_Q": Binding(.quit), "KEY_P": Binding(.pictureInPicture),
        ]
        for d in 0...9 {
            b["KEY_\(d)"] = Binding(.digit(d))
            b["KEY_NUMERIC_\(d)"] = Binding(.digit(d))
            b["KEY_KP\(d)"] = Binding(.digit(d))
        }
        return RemoteMap(bindings: b)
    }()
}
