/// Colours and glyphs of the interface. A value; the default is a dark,
/// tvOS-like look.
public struct Theme: Equatable, Sendable {
    public var name: String
    public var text: RGB
    public var secondaryText: RGB
    public var background: RGB
    public var barBackground: RGB
    public var progressFill: RGB
    public var progressTrack: RGB
    public var scrubHead: RGB
    public var accent: RGB
    public var liveBadge: RGB
    /// Ad breaks on the transport bar and the scrub ruler.
    public var interstitial = RGB(hex: 0xF2B33D)
    public var error: RGB
    public var selectionBackground: RGB
    public var selectionText: RGB
    public var glyphs: Glyphs
    /// The hint at the start of playback.
    public var hint: String = "▲ More"

    /// Characters the views draw with; `ascii` where the locale cannot draw Unicode.
    public struct Glyphs: Equatable, Sendable {
        public var fill: Character
        public var track: Character
        public var head: Character
        public var rulerMajor: Character
        public var rulerMinor: Character
        public var rulerBlank: Character
        public var pointer: Character
        public var play: Character
        public var pause: Character
        public var warning: Character
        public var ellipsis: Character
        /// A typed passcode digit, and a digit still to type.
        public var digitFilled: Character = "●"
        public var digitEmpty: Character = " "
        /// A favourite channel, and a programme with a reminder set.
        public var favourite: Character = "★"
        public var reminder: Character = "◷"

        /// Whether every glyph is ASCII: the views then draw their own
        /// signs in ASCII too ("UP/DOWN" for "↑↓").
        public var isASCII: Bool {
            [fill, track, head, rulerMajor, rulerMinor, rulerBlank, pointer, play, pause, warning, ellipsis, digitFilled, digitEmpty]
                .allSatisfy(\.isASCII)
        }

        public static let unicode = Glyphs(
            fill: "━", track: "─", head: "●", rulerMajor: "┃", rulerMinor: "╵", rulerBlank: "·",
            pointer: "▼", play: "▶", pause: "‖", warning: "⚠", ellipsis: "…"
        )
        public static let ascii = Glyphs(
            fill: "=", track: "-", head: "O", rulerMajor: "|", rulerMinor: "'", rulerBlank: ".",
            pointer: "v", play: ">", pause: "=", warning: "!", ellipsis: "~", digitFilled: "*", digitEmpty: "_",
            favourite: "*", reminder: "@"
        )
    }

    public static let dark = Theme(
        name: "default",
        text: RGB(hex: 0xEBEBF5), secondaryText: RGB(hex: 0x9A9AA6), background: RGB(hex: 0x101014),
        barBackground: RGB(hex: 0x1C1C22), progressFill: RGB(hex: 0xEBEBF5), progressTrack: RGB(hex: 0x55555F),
        scrubHead: RGB(hex: 0xFFFFFF), accent: RGB(hex: 0x4DA3FF), liveBadge: RGB(hex: 0xE0322D),
        error: RGB(hex: 0xFF6A5F), selectionBackground: RGB(hex: 0xEBEBF5), selectionText: RGB(hex: 0x101014),
        glyphs: .unicode
    )

    /// The colours of text laid over the picture (the TV's transport bar
    /// and hint, outlined in black with no panel under them), by the
    /// colour it has on its panel. A light theme's dark text would vanish
    /// into its outline, so over the picture it is drawn as the dark theme
    /// draws it, light, as tvOS draws its controls over video in both
    /// appearances; accents and badges keep theirs. Empty for a dark theme.
    public var overPictureForegrounds: [RGB: RGB] {
        guard background.isLight else { return [:] }
        let dark = Theme.dark
        // A theme may give two of them one colour (the light theme's text and progress fill).
        return Dictionary([(text, dark.text), (secondaryText, dark.secondaryText), (progressFill, dark.progressFill), (progressTrack, dark.progressTrack)],
                          uniquingKeysWith: { first, _ in first })
    }

    /// The same theme drawn with ASCII glyphs.
    public func asciiOnly() -> Theme {
        var t = self
        t.glyphs = .ascii
        if !t.hint.unicodeScalars.allSatisfy(\.isASCII) { t.hint = "^ More" }
        return t
    }
}
