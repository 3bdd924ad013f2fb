
/// Draws the whole frame for a state: `render(state, theme, size) -> Screen`.
/// Pure; layers are drawn bottom-up (video or title card, chrome, error,
/// home), each clearing the area it covers.
public enum ShellView {
    /// Below this size only the "terminal too small" message is drawn.
    public static let minimumWidth = 32
    public static let minimumHeight = 10

    public static func render(_ state: ShellState, theme: Theme, width: Int, height: Int, context: ViewContext) -> Screen {
        compose(state, theme: theme, width: width, height: height, context: context).screen
    }

    /// The frame, and where the picture in picture went on it (nil without
    /// one): a presenter reports a changed spot (`Action.pictureDrawn`).
    public static func compose(_ state: ShellState, theme: Theme, width: Int, height: Int, context: ViewContext) -> (screen: Screen, picture: PictureSpot?) {
        // Asleep: dark, nothing drawn until a key.
        guard !state.sleep.asleep else { return (Screen(width: width, height: height, fill: Cell(" ", style: Style(background: RGB(0, 0, 0)))), nil) }
        // The screen saver: dark but for a drifting clock, nothing else drawn until a key.
        guard !state.screensaver.showing else { return (ScreensaverView.screen(state, theme: theme, width: width, height: height, context: context), nil) }
        var screen = Screen(width: width, height: height, fill: Cell(" ", style: Style(background: theme.background)))
        guard width >= minimumWidth, height >= minimumHeight else {
            TooSmallView.draw(into: &screen, theme: theme)
            return (screen, nil)
        }
        // What the picture in picture must leave visible: the lists say
        // which rows and panels matter; elsewhere, everything drawn.
        // Scanning the whole screen only when something is placed over it.
        var content = PanelContent(columns: width, rows: height)
        let placed = state.picture.pip != nil || state.chrome.notice != nil
        func keepEverythingDrawn() {
            if placed { content.keepDrawn(screen, in: PictureLayout.Rect(x: 0, y: 0, width: width, height: height), background: theme.background) }
        }
        switch state.screen {
        case .player:
            PlayerView.draw(into: &screen, state: state, theme: theme, context: context)
            keepEverythingDrawn()
        case .passcode:
            PasscodeView.draw(into: &screen, state: state, theme: theme, context: context)
            MessageBanner.draw(into: &screen, state: state, theme: theme)
            VolumeBadgeView.draw(into: &screen, state: state, theme: theme)
            if theme.glyphs.isASCII { screen.limitToConsoleCharacters() }
            return (screen, nil)
        case .interstitial:
            InterstitialView.draw(into: &screen, state: state, theme: theme, context: context)
            keepEverythingDrawn()
        case .error:
            ErrorView.draw(into: &screen, state: state, theme: theme)
            keepEverythingDrawn()
        case .guide where state.guide.grid != nil:
            GuideGridView.draw(into: &screen, state: state, grid: state.guide.grid!, theme: theme, context: context, content: &content)
        case .home, .guide:
            HomeView.draw(into: &screen, state: state, theme: theme, context: context, content: &content)
        }
        if state.screen == .guide, let search = state.guide.search {
            content = PanelContent(columns: width, rows: height)
            GuideSearchView.draw(into: &screen, state: state, search: search, theme: theme, context: context, content: &content)
        }
        let spot = PictureView.draw(into: &screen, state: state, theme: theme, context: context, content: content)
        EntryOverlayView.draw(into: &screen, state: state, theme: theme, content: content)
        RecordDialogView.draw(into: &screen, state: state, theme: theme)
        if state.chrome.help { HelpView.draw(into: &screen, state: state, theme: theme) }
        MessageBanner.draw(into: &screen, state: state, theme: theme)
        VolumeBadgeView.draw(into: &screen, state: state, theme: theme)
        // A theme of ASCII glyphs is for a console (or a locale) that shows
        // little else: so is the rest of the text.
        if theme.glyphs.isASCII { screen.limitToConsoleCharacters() }
        return (screen, spot)
    }
}
