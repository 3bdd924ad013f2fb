/// The list of keys (`?`): what each key does on the screen in front, from
/// the key table (the keys its features take there) and the standard key
/// map (their names on a keyboard), in a panel over the screen.
enum HelpView {
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme) {
        let lines = entries(state, ascii: theme.glyphs.isASCII)
        let keyWidth = min(16, lines.map { columnWidth(of: $0.keys) }.max() ?? 0)
        let width = min(screen.width - 4, max(30, keyWidth + 3 + (lines.map { columnWidth(of: $0.what) }.max() ?? 0) + 4))
        let perPage = linesPerPage(rows: screen.height)
        let pages = (lines.count + perPage - 1) / perPage
        let page = min(state.chrome.helpPage, max(0, pages - 1))
        let height = min(screen.height - 2, min(lines.count, perPage) + 4)
        let x = (screen.width - width) / 2, y = (screen.height - height) / 2
        let base = Style(foreground: theme.text, background: theme.barBackground)
        screen.fill(x: x, y: y, width: width, height: height, with: Cell(" ", style: base))
        screen.put("Keys" + (pages > 1 ? "  \(page + 1) / \(pages)" : ""), x: x + 2, y: y, style: base.with(foreground: theme.accent).bolded())
        for (row, line) in lines.dropFirst(page * perPage).prefix(perPage).enumerated() {
            screen.put(truncate(line.keys, toWidth: keyWidth, ellipsis: theme.glyphs.ellipsis), x: x + 2, y: y + 2 + row, style: base.bolded())
            screen.put(truncate(line.what, toWidth: width - keyWidth - 7, ellipsis: theme.glyphs.ellipsis), x: x + 4 + keyWidth, y: y + 2 + row,
                       style: base, maxWidth: width - keyWidth - 6)
        }
        let arrows = theme.glyphs.isASCII ? (down: "DOWN", up: "UP") : (down: "↓", up: "↑")
        let footer = pages < 2 ? "any key closes this"
            : page + 1 < pages ? "\(arrows.down) more · any other key closes this" : "\(arrows.up) back · any other key closes this"
        screen.putCentered(truncate(footer, toWidth: width - 2, ellipsis: theme.glyphs.ellipsis), y: y + height - 1,
                           style: base.with(foreground: theme.secondaryText), x: x, width: width)
    }

    /// The lines of the list a screen of `rows` rows shows at once (the
    /// panel leaves a row above and below, and has its title and a blank
    /// row above the lines, a blank row and its footer below).
    static func linesPerPage(rows: Int) -> Int { max(1, rows - 6) }

    /// The pages the list of the screen in front takes on the display
    /// (1 when the display's size is not known yet).
    static func pages(_ state: ShellState) -> Int {
        guard let rows = state.display?.rows else { return 1 }
        let perPage = linesPerPage(rows: rows)
        return (entries(state, ascii: false).count + perPage - 1) / perPage
    }

    /// Each key the screen in front takes, with what it does, in the key
    /// table's order; keys of one meaning on one line ("0-9").
    static func entries(_ state: ShellState, ascii: Bool) -> [(keys: String, what: String)] {
        let focus = KeyFocus.stack(state)
        let labels = state.chrome.keyLabels
        var taken: [RemoteCommand] = []
        for command in KeyTable.everyCommand where command != .help {
            let global = KeyTable.route(command, focus: focus[0], overlay: .none) != nil
            let screenKeys = focus.contains { KeyTable.screenHandler($0).keys.contains(command) }
            if global || screenKeys { taken.append(command) }
        }
        var lines: [(keys: String, what: String)] = []
        if taken.contains(where: { if case .digit = $0 { true } else { false } }) {
            lines.append(("0-9", focus.contains(.prompt) ? "the passcode's digits" : "a channel by its number"))
        }
        for command in taken {
            if case .digit = command { continue }
            // In the grid a keyboard's day keys are < and >; its frame-step keys there do the same, unlisted.
            if focus[0] == .guideGrid, !labels.isRemote, [RemoteCommand.frameBack, .frameForward].contains(command) { continue }
            guard let what = meaning(command, focus: focus[0], card: state.navigation.homeInfo),
                  let keys = names(command, ascii: ascii, labels: labels) else { continue }
            lines.append((keys, what))
        }
        let sound = [RemoteCommand.volumeDown, .volumeUp, .mute].compactMap { names($0, ascii: ascii, labels: labels) }
        if taken.contains(.volumeUp), !sound.isEmpty {
            // One line for the three: the list is short of rows on a TV.
            lines.append((sound.joined(separator: " "), "sound down / up, off / on"))
        }
        if let help = names(.help, ascii: ascii, labels: labels) { lines.append((help, "this list")) }
        return lines
    }

    /// `command`'s keys as `labels` name them: the keyboard's (below), or
    /// the remote's button (the arrows as on a keyboard); nil when the
    /// remote has none for it (the line is left out).
    static func names(_ command: RemoteCommand, ascii: Bool, labels: KeyLabels) -> String? {
        guard let remote = labels.remote else { return command == .help ? "?" : names(command, ascii: ascii) }
        let arrows: [RemoteCommand: String] = ascii ? [.up: "UP", .down: "DOWN", .left: "LEFT", .right: "RIGHT"] : [.up: "↑", .down: "↓", .left: "←", .right: "→"]
        return arrows[command] ?? remote[command]
    }

    /// The keyboard's names for `command` (the standard key map).
    static func names(_ command: RemoteCommand, ascii: Bool) -> String {
        let shown: [String: String] = ascii ? [:] : ["LEFT": "←", "RIGHT": "→", "UP": "↑", "DOWN": "↓"]
        let keys = KeyMap.standard.bindings.filter { $0.value == command }.map(\.key)
            .filter { !["PLAYPAUSE", "PLAY", "PAUSE", "CHANNEL_UP", "CHANNEL_DOWN", "KP_ENTER", "MENU", "INFO", "GUIDE", "HELP", "Q", "VOLUME_UP", "VOLUME_DOWN", "MUTE"].contains($0) }
            .sorted { ($0.count, $0) < ($1.count, $1) }
        return keys.map { shown[$0] ?? $0 }.joined(separator: " ")
    }

    /// What `command` does with `focus` in front (nil: not worth a line,
    /// or nothing there); `card`: the home screen's card is up.
    static func meaning(_ command: RemoteCommand, focus: KeyFocus, card: Bool) -> String? {
        let player = [KeyFocus.transport, .overlay, .upNextCard].contains(focus)
        switch command {
        case .playPause: return "play / pause"
        case .play, .pause: return nil
        case .left: return player ? "back 10 s (a channel: the one before)" : focus == .prompt ? "delete a digit, or the channel before" : "left"
        case .right: return player ? "on 10 s (a channel: the next)" : focus == .prompt ? "the next channel" : "right"
        case .up: return player ? "more: channels, chapters, speed" : "up"
        case .down: return player ? "info, subtitles, audio" : "down"
        case .select: return player ? "show / hide the bar; while paused, scrub" : focus == .multiview ? "the focused channel full screen" : "choose"
        case .menu: return card && (focus == .home || focus == .guideList) ? "close the card" : focus == .home ? nil : "back"
        case .frameBack: return focus == .guideGrid ? "a day back" : "a frame back (paused)"
        case .frameForward: return focus == .guideGrid ? "a day on" : "a frame on (paused)"
        case .channelUp: return "next channel"
        case .channelDown: return "previous channel"
        case .info: return focus == .home || focus == .guideList ? "the selected item's card" : "info panel"
        case .guide: return "the guide"
        case .quit: return "quit"
        case .pictureInPicture: return "picture in picture"
        case .closePicture: return "close the picture"
        case .movePicture: return focus == .multiview ? "the next layout" : "move the picture"
        case .swapPicture: return "swap the picture and the screen"
        case .pictureBack, .pictureForward: return nil
        case .whatDidTheySay: return "what did they say? (back 15 s, subtitles on)"
        case .live: return "back to live"
        case .dayBack: return "a day back"
        case .dayForward: return "a day on"
        case .previousChannel: return "the channel watched before"
        case .favourite: return "favourite channel on / off"
        case .search: return "search channels, films and the guide"
        case .multiview: return focus == .multiview ? "the focused channel full screen" : "several channels at once"
        case .record: return focus == .guideGrid ? "record the programme" : "record this channel"
        case .digit, .help, .volumeUp, .volumeDown, .mute: return nil
        }
    }
}
