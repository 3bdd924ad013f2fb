import MediaModel

/// The passcode prompt. It covers everything (no picture, overlay, hint or
/// notice shows through): what is restricted and why, four boxes that fill
/// as digits are typed (never the digits), a wrong-passcode message or the
/// lockout countdown, and the keys. A screen under 12 rows (a split pane)
/// keeps the message and the keys on its last rows.
enum PasscodeView {
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme, context: ViewContext) {
        let base = Style(foreground: theme.text, background: theme.background)
        let dim = base.with(foreground: theme.secondaryText)
        guard let prompt = state.prompt else { return }
        let width = min(screen.width - 4, 64)
        let x = (screen.width - width) / 2
        let top = max(0, screen.height / 2 - 6)
        let ellipsis = theme.glyphs.ellipsis

        let title = truncate("“\(prompt.item.title)”", toWidth: max(8, width - 16), ellipsis: ellipsis)
        let heading: String, what: String, ask: String
        switch prompt.purpose {
        case .quitKiosk:
            (heading, what, ask) = ("Kiosk mode", "This TV is locked.", "Enter the admin passcode to quit.")
        case .early:
            (heading, what, ask) = ("Restricted", prompt.reason(under: state.restrictions.policy).map { "\(title) is rated \($0.code)." } ?? "\(title) is not rated.",
                                    "Enter the passcode to allow it.")
        case .play, .held:
            (heading, what, ask) = ("Restricted", prompt.reason(under: state.restrictions.policy).map { "\(title) is rated \($0.code)." } ?? "\(title) is not rated.",
                                    "Enter the passcode to play it.")
        case .behind:
            // The rating must not be cut off: the channel's name gives way.
            let channel = truncate("“\(prompt.item.title)”", toWidth: max(8, width - 42), ellipsis: ellipsis)
            (heading, what, ask) = ("Restricted", prompt.reason(under: state.restrictions.policy).map { "The programme reached on \(channel) is rated \($0.code)." }
                                        ?? "The programme reached on \(channel) is not rated.",
                                    "Enter the passcode to play on from here.")
        case .view:
            (heading, what, ask) = ("Restricted", prompt.reason(under: state.restrictions.policy).map { "\(title) is rated \($0.code)." } ?? "\(title) is not rated.",
                                    "Enter the passcode to show it in its view.")
        }
        screen.putCentered(heading, y: top, style: base.with(foreground: theme.accent).bolded(), x: x, width: width)
        screen.putCentered(what, y: top + 2, style: base, x: x, width: width)
        screen.putCentered(ask, y: top + 3, style: base, x: x, width: width)

        let boxes = 4, boxWidth = 5, gap = 2
        let rowWidth = boxes * boxWidth + (boxes - 1) * gap
        let left = (screen.width - rowWidth) / 2
        let boxStyle = Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true)
        for i in 0..<boxes {
            let bx = left + i * (boxWidth + gap)
            screen.fill(x: bx, y: top + 5, width: boxWidth, height: 3, with: Cell(" ", style: boxStyle))
            let mark = i < prompt.digits.count ? theme.glyphs.digitFilled : theme.glyphs.digitEmpty
            _ = screen.put(String(mark), x: bx + boxWidth / 2, y: top + 6, style: boxStyle)
        }

        let restrictions = state.restrictions
        var status: (String, Style)?
        if restrictions.isLocked(at: state.wallClock), let until = restrictions.lockedUntil {
            let left = max(1, (until - state.wallClock).rounded(.up))
            status = ("Too many wrong passcodes. Try again in \(formatTime(left)).", base.with(foreground: theme.error))
        } else if prompt.checking != nil {
            status = ("Checking\(ellipsis)", dim)
        } else if let message = prompt.message {
            status = (message, base.with(foreground: theme.error))
        }
        if let (text, style) = status {
            screen.putCentered(truncate(text, toWidth: width, ellipsis: ellipsis), y: min(top + 9, screen.height - 2), style: style, x: x, width: width)
        }
        let hint = state.chrome.keyLabels.hint([.init(nil, "0-9", "digits"), .init(nil, "LEFT", "delete"), .init(.menu, "ESC", "cancel")], separator: " · ")
        screen.putCentered(hint, y: min(top + 11, screen.height - 1), style: dim, x: x, width: width)
    }
}
