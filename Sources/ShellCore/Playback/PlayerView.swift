
/// The player screen: the video (or a title card until the first frame),
/// with the transport bar on top when it is shown.
enum PlayerView {
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme, context: ViewContext) {
        if let multiview = state.multiview {
            MultiviewView.draw(into: &screen, state: state, multiview: multiview, theme: theme, context: context)
            return
        }
        let picture = state.playback.firstFramePresented || state.playback.holdsPreviousPicture
        if context.videoInTerminal && picture {
            screen.fill(x: 0, y: 0, width: screen.width, height: screen.height, with: .video)
        } else {
            TitleCardView.draw(into: &screen, state: state, theme: theme, context: context)
        }
        if context.videoInTerminal && picture, let url = state.currentItem?.logo, let logo = state.guide.logos[url],
           screen.width >= 40, screen.height >= 16 {
            LogoBugView.draw(logo, key: url, into: &screen)
        }
        if context.videoInTerminal && picture && context.subtitlesAsText {
            if let text = state.playback.subtitleText {
                SubtitleView.draw(text, into: &screen, state: state, theme: theme)
            } else if let note = SubtitleView.picturesNote(state) {
                SubtitleView.draw(note, into: &screen, state: state, theme: theme)
            }
        }
        switch state.chrome.overlay {
        case .custom:
            CustomOverlayView.draw(into: &screen, state: state, theme: theme, context: context)
            return
        case .info:
            InfoPanelView.draw(into: &screen, state: state, theme: theme, context: context)
        case .none, .menus:
            break
        }
        if state.chrome.transportVisible || state.scrub != nil || state.playback.paused {
            TransportBarView.draw(into: &screen, state: state, theme: theme, context: context)
            ThumbnailView.draw(into: &screen, state: state, theme: theme, context: context)
            if context.chromeOverPicture && context.videoInTerminal && picture {
                let rows = TransportBarView.rows(state)
                screen.layOverPicture(x: 0, y: screen.height - rows, width: screen.width, height: rows, background: theme.barBackground, foregrounds: theme.overPictureForegrounds)
            }
        }
        if state.chrome.overlay == .menus { TransportMenuView.draw(into: &screen, state: state, theme: theme) }
        ContextualActionView.draw(into: &screen, state: state, theme: theme)
        ResumeOfferView.draw(into: &screen, state: state, theme: theme)
        UpNextView.draw(into: &screen, state: state, theme: theme, context: context)
        if let badge = state.chrome.badge {
            // What the last key did, top right (where a channel number is typed).
            let text = " \(badge) "
            let x = max(1, screen.width - columnWidth(of: text) - 3)
            screen.put(text, x: x, y: 1, style: Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true))
        }
        if state.chrome.hintVisible && state.chrome.overlay == .none {
            let hint = " \(theme.hint) "
            let style = Style(foreground: theme.text, background: theme.barBackground, bold: true)
            screen.putCentered(hint, y: screen.height - 1, style: style)
            if context.chromeOverPicture && context.videoInTerminal && picture {
                screen.layOverPicture(x: 0, y: screen.height - 1, width: screen.width, height: 1, background: theme.barBackground, foregrounds: theme.overPictureForegrounds)
            }
        }
    }
}

/// Shown in place of the picture before the first frame, or when there is
/// no picture in the terminal (audio only, video in mpv's window). A live
/// channel playing with no picture (a radio) gets its channel card, as a
/// flip shows it: number, logo, name, group, now and next, "Audio only" (or
/// the song the station says plays now: its ICY title);
/// the card drifts a cell a minute (`RadioCardDrift`), so hours of radio
/// leave no image burnt into a TV's panel.
enum TitleCardView {
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme, context: ViewContext) {
        let base = Style(foreground: theme.text, background: theme.background)
        screen.fill(x: 0, y: 0, width: screen.width, height: screen.height, with: Cell(" ", style: base))
        let status = self.status(state, theme: theme, context: context)
        let playback = state.playback
        let radio = playback.phase == .playing && !playback.buffering
            && (context.picture == .none || context.picture == .terminal && hasNoPicture(playback))
        if radio, let item = state.currentItem, item.isLive {
            // Narrower than the screen by a few cells each side, the room it drifts in.
            let width = max(min(screen.width - 4, 20), min(screen.width - 12, 64))
            // What the station says plays now ("Artist - Song") in place of
            // "Audio only": the card keeps its height (it fits 80 × 24 with its logo).
            let footer = [playback.streamTitle.map { ($0, base.bolded()) } ?? (status, base.with(foreground: theme.secondaryText))]
            let x = (screen.width - width) / 2
            // The rows it has above and below, from a card drawn aside.
            var aside = Screen(width: screen.width, height: screen.height)
            let top = InterstitialView.cardTop(screen: aside, picture: nil)
            let end = InterstitialView.drawCard(item, header: item.number.map(String.init) ?? "", footer: footer,
                                                into: &aside, state: state, theme: theme, context: context, x: x, width: width)
            let sideways = min(x - 2, 6)
            let drift = RadioCardDrift.offset(minute: Int((state.wallClock / 60).rounded(.down)), x: -max(0, sideways)...max(0, sideways),
                                              y: -min(2, max(0, top - 1))...min(2, max(0, screen.height - 1 - end)))
            InterstitialView.drawCard(item, header: item.number.map(String.init) ?? "", footer: footer,
                                      into: &screen, state: state, theme: theme, context: context, x: x + drift.x, width: width, down: drift.y)
            return
        }
        let middle = screen.height / 2 - 2
        screen.putCentered(state.title, y: middle, style: base.bolded(), x: 2, width: screen.width - 4)
        screen.putCentered(status, y: middle + 1, style: base.with(foreground: theme.secondaryText))
    }

    /// Its tracks are known and none of them is a picture (a radio), as
    /// opposed to a picture not configured yet.
    private static func hasNoPicture(_ playback: PlaybackState) -> Bool {
        !playback.tracks.isEmpty && !playback.tracks.contains { $0.kind == .video && $0.selected }
    }

    /// What the card says under the title: loading, buffering, audio only …
    private static func status(_ state: ShellState, theme: Theme, context: ViewContext) -> String {
        let status: String
        switch state.playback.phase {
        case .loading, .idle:
            // Nothing loads while the viewer chooses where to resume.
            status = state.upNext.resumeOffer != nil ? "" : "Loading" + String(theme.glyphs.ellipsis)
        case .playing:
            if state.playback.buffering {
                status = "Buffering" + String(theme.glyphs.ellipsis)
            } else {
                switch context.picture {
                case .terminal:
                    // mpv's window on the TV is configured with no video track too.
                    status = state.playback.videoConfigured && !hasNoPicture(state.playback) ? "" : "Audio only"
                case .window: status = "Playing in mpv's window"
                case .none: status = "Audio only"
                }
            }
        case .ended: status = "Ended"
        case .failed: status = ""
        }
        return status
    }
}
