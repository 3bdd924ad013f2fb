import ShellCore
import ShellTesting
import Testing

/// Snapshots `state` at 80×24 and 200×60 in the dark theme, its ASCII form and
/// the light theme (`NAME`, `NAME-ascii`, `NAME-light-theme`); `check` looks
/// at each frame too.
func assertThemedSnapshots(
    _ state: ShellState, named name: String, context: ViewContext = ViewContext(picture: .terminal), sizes: [(Int, Int)] = [(80, 24), (200, 60)],
    sourceLocation: SourceLocation = #_sourceLocation, check: (Screen, Theme) -> Void = { _, _ in }
) {
    let light = (try? shippedTheme("light")) ?? Theme.dark
    for (w, h) in sizes {
        for (theme, suffix) in [(Theme.dark, ""), (Theme.dark.asciiOnly(), "-ascii"), (light, "-light-theme")] {
            let screen = ShellView.render(state, theme: theme, width: w, height: h, context: context)
            assertSnapshot(screen, named: "\(name)\(suffix)-\(w)x\(h)", sourceLocation: sourceLocation)
            check(screen, theme)
        }
    }
}
