import MediaModel

/// The error screen: what failed, why (the player's reason), and what the
/// user can do next. A live channel's failure is said in plain words
/// (`PlainFailure`): the player's text and the stream's URL are for the log
/// and IPC.
enum ErrorView {
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme) {
        let base = Style(foreground: theme.text, background: theme.background)
        guard var error = state.error else { return }
        if let item = state.currentItem, item.isLive, state.playback.phase == .failed {
            // tvshell's own reasons ("the stream stalled") are plain; the
            // player's ("loading failed: tcp: …", with the URL) are not.
            let reason = PlainFailure.own(error.reason).map { $0 + "." }
                ?? PlainFailure.sentence(error.reason).map { $0 + " Try again later, or another channel." }
                ?? "It may be off the air, or its stream could not be reached. Try again later, or another channel."
            error = ShellError(title: "\(item.title) is not available right now", reason: reason)
        }
        let width = min(screen.width - 4, 72)
        let x = (screen.width - width) / 2
        let top = max(1, screen.height / 2 - 3)
        screen.putCentered("\(theme.glyphs.warning) \(error.title)", y: top, style: base.with(foreground: theme.error).bolded(), x: x, width: width)
        var row = top + 2
        // An account in a URL (Xtream Codes' /movie/USER/PASS/…) is not shown.
        for line in wrap(URLRedaction.redactingURLs(in: error.reason), width: width, maxLines: 3, ellipsis: theme.glyphs.ellipsis) {
            screen.putCentered(line, y: row, style: base, x: x, width: width)
            row += 1
        }
        if let location = error.location {
            screen.putCentered(truncate(URLRedaction.redact(location), toWidth: width, ellipsis: theme.glyphs.ellipsis), y: row, style: base.with(foreground: theme.secondaryText), x: x, width: width)
            row += 1
        }
        let live = state.currentItem?.isLive == true
        let hasNext = state.current.map { $0 + 1 < state.items.count } ?? false
        let labels = state.chrome.keyLabels
        // A live channel's arrows flip to the next one, as in the player;
        // its ENTER tries it again.
        let flips = live && state.items.count > 1
        let enter = live || state.playback.cutShortAt != nil ? "try again" : hasNext ? "next item" : nil
        let hint = [flips ? (theme.glyphs.isASCII ? "LEFT/RIGHT" : "←→") + ": other channels" : nil,
                    enter.flatMap { what in labels.key(.select, keyboard: "ENTER").map { "\($0): \(what)" } }, labels.key(.menu, keyboard: "ESC").map { "\($0): home" }]
            .compactMap { $0 }.joined(separator: theme.glyphs.isASCII ? " - " : " · ")
        screen.putCentered(hint, y: row + 1, style: base.with(foreground: theme.secondaryText), x: x, width: width)
    }
}
