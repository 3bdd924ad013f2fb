import Foundation
import ShellCore
import Testing

/// The repository's Themes folder.
let themesDirectory: URL = {
    var dir = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { dir.deleteLastPathComponent() }
    return dir.appendingPathComponent("Themes")
}()

func shippedTheme(_ name: String) throws -> Theme {
    try ThemeFile.parse(try String(contentsOf: themesDirectory.appendingPathComponent("\(name).toml"), encoding: .utf8))
}

@Suite("Theme files")
struct ThemeFileTests {
    @Test("every shipped theme parses", arguments: ["default", "light", "high-contrast", "console16"])
    func shipped(_ name: String) throws {
        let theme = try shippedTheme(name)
        #expect(theme.name == name)
    }

    @Test("default.toml is exactly the compiled-in theme")
    func defaultMatches() throws {
        #expect(try shippedTheme("default") == Theme.dark)
    }

    @Test("the console theme draws with ASCII only")
    func console() throws {
        let theme = try shippedTheme("console16")
        #expect(theme.glyphs == .ascii)
        #expect(theme.hint.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test("a partial theme keeps the rest of the base theme")
    func partial() throws {
        let theme = try ThemeFile.parse("# just the accent\n[colors]\naccent = \"#FF00FF\"  # magenta\n")
        #expect(theme.accent == RGB(hex: 0xFF00FF))
        #expect(theme.text == Theme.dark.text && theme.glyphs == Theme.dark.glyphs)
    }

    @Test("broken themes are refused with the line and the key", arguments: [
        ("[colors]\naccent = \"#12345\"\n", 2, "colors.accent", "expected a colour"),
        ("[colors]\naccent = #123456\n", 2, "colors.accent", "expected a quoted string"),
        ("name = \"x\"\n[colours]\n", 2, nil, "unknown table [colours]"),
        ("[glyphs]\nfill = \"==\"\n", 2, "glyphs.fill", "expected one single-width character"),
        ("[glyphs]\nplay = \"日\"\n", 2, "glyphs.play", "expected one single-width character"),
        ("[colors]\n\nsparkle = \"#FFFFFF\"\n", 3, "colors.sparkle", "unknown colour"),
        ("[colors\n", 1, nil, "expected a table header"),
        ("accent\n", 1, nil, "expected key = \"value\""),
    ] as [(String, Int, String?, String)])
    func broken(text: String, line: Int, key: String?, message: String) {
        do {
            _ = try ThemeFile.parse(text)
            Issue.record("accepted a broken theme")
        } catch {
            #expect(error.line == line)
            #expect(error.key == key)
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }
}
