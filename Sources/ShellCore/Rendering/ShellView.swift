
/// Draws the whole frame for a state: `render(state, theme, size) -> Screen`.
/// Pure; layers are drawn bottom-up (video or title card, chrome, error,
/// home), each clearing the area it covers.
public enum ShellView {
    /// Below this size only the "terminal too small" message is drawn.
    public static let minimumWidth = 32
    public static let minimumHeight = 10

    public static func render(_ state: ShellState, theme: Theme, width: Int, height: Int, context: ViewContext) -> Screen {
        var screen = Screen(width: width, height: height, fill: Cell(" ", style: Style(background: theme.background)))
        guard width >= minimumWidth, height >= minimumHeight else {
            TooSmallView.draw(into: &screen, theme: theme)
            return screen
        }
        var focusRow: Int?
        switch state.screen {
        case .player:
            PlayerView.draw(into: &screen, state: state, theme: theme, context: context)
            if state.chrome.overlay != .none { focusRow = screen.height - 2 }
        case .passcode:
            PasscodeView.draw(into: &screen, state: state, theme: theme, context: context)
            if theme.glyphs.isASCII { screen.limitToConsoleCharacters() }
            return screen
        case .interstitial:
            InterstitialView.draw(into: &screen, state: state, theme: theme, context: context)
        case .error:
            ErrorView.draw(into: &screen, state: state, theme: theme)
        case .guide where state.guide.grid != nil:
            focusRow = GuideGridView.draw(into: &screen, state: state, grid: state.guide.grid!, theme: theme, context: context)
        case .home, .guide:
            focusRow = HomeView.draw(into: &screen, state: state, theme: theme, context: context)
        }
        if state.screen == .guide, let search = state.guide.search {
            focusRow = GuideSearchView.draw(into: &screen, state: state, search: search, theme: theme, context: context)
        }
        PictureView.draw(into: &screen, state: state, theme: theme, context: context, focusRow: focusRow)
        EntryOverlayView.draw(into: &screen, state: state, theme: theme)
        if state.chrome.help { HelpView.draw(into: &screen, state: state, theme: theme) }
        // A theme of ASCII glyphs is for a console (or a locale) that shows
        // little else: so is the rest of the text.
        if theme.glyphs.isASCII { screen.limitToConsoleCharacters() }
        return screen
    }
}
