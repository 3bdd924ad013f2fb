extension RemoteCommand {
    /// The command's name in config files and lircrc `config =` lines:
    /// `play_pause`, `select`, `channel_up`, `digit_7` ….
    public var name: String {
        switch self {
        case .playPause: "play_pause"
        case .play: "play"
        case .pause: "pause"
        case .left: "left"
        case .right: "right"
        case .up: "up"
        case .down: "down"
        case .select: "select"
        case .menu: "menu"
        case .frameBack: "frame_back"
        case .frameForward: "frame_forward"
        case .digit(let d): "digit_\(d)"
        case .channelUp: "channel_up"
        case .channelDown: "channel_down"
        case .info: "info"
        case .guide: "guide"
        case .quit: "quit"
        case .pictureInPicture: "picture_in_picture"
        case .closePicture: "close_picture"
        case .movePicture: "move_picture"
        case .swapPicture: "swap_picture"
        case .pictureBack: "picture_back"
        case .pictureForward: "picture_forward"
        case .whatDidTheySay: "what_did_they_say"
        case .live: "live"
        case .dayBack: "day_back"
        case .dayForward: "day_forward"
        case .previousChannel: "previous_channel"
        case .favourite: "favourite"
        case .search: "search"
        case .help: "help"
        case .multiview: "multiview"
        case .record: "record"
        case .volumeUp: "volume_up"
        case .volumeDown: "volume_down"
        case .mute: "mute"
        }
    }

    /// Every command, in the order the docs list them.
    public static let all: [RemoteCommand] = [
        .playPause, .play, .pause, .left, .right, .up, .down, .select, .menu, .frameBack, .frameForward,
        .channelUp, .channelDown, .info, .guide, .quit,
        .pictureInPicture, .closePicture, .movePicture, .swapPicture, .pictureBack, .pictureForward, .whatDidTheySay, .live,
        .dayBack, .dayForward, .previousChannel, .favourite, .search, .multiview, .record, .volumeUp, .volumeDown, .mute,
    ] + (0...9).map { .digit($0) }

    /// The command named `name` (also a bare digit "7").
    public init?(name: String) {
        let key = String(name.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed()).lowercased()
        if key.count == 1, let d = Int(key) {
            self = .digit(d)
            return
        }
        guard let found = Self.all.first(where: { $0.name == key }) else { return nil }
        self = found
    }
}
