import Canvas
import ShellProbes
import Testing

/// The columns the canvas gives a character against the ones ncursesw
/// counts the cursor with: glibc's `wcwidth` in a UTF-8 locale. A cell the
/// canvas thinks narrower than ncursesw does pushes what follows it one
/// column to the right (a "⚽" in a channel's name moved its row's LIVE
/// past the others'); wider leaves a gap.
@Suite("Character widths as ncursesw counts them")
struct CharacterWidthTests {
    @Test("every scalar of Unicode 14 glibc shows one or two columns wide starts a character of that width; the ones the canvas counts zero are zero to glibc too")
    func sameAsGlibc() throws {
        var differing: [String] = []
        let compared: Void? = GlibcColumns.withWidths { wcwidth in
            for v in UInt32(0x20)...0x3_FFFF {
                // Unicode 14's scalars: glibc 2.36's (Debian 12); a newer
                // glibc adds the scalars of later versions.
                guard let scalar = Unicode.Scalar(v), let age = scalar.properties.age, age.major < 14 || (age.major == 14 && age.minor == 0) else { continue }
                let glibc = wcwidth(v)
                let ours = columnWidth(of: Character(scalar))
                if (glibc == 1 || glibc == 2) && ours != glibc {
                    differing.append("U+\(String(v, radix: 16, uppercase: true)) glibc \(glibc) canvas \(ours)")
                } else if ours == 0 && glibc != 0 && glibc != -1 {
                    differing.append("U+\(String(v, radix: 16, uppercase: true)) glibc \(glibc) canvas 0")
                }
            }
        }
        try #require(compared != nil, "C.UTF-8 and wcwidth")
        let count = differing.count
        #expect(count == 0, "scalars that differ, first: \(differing.prefix(12))")
    }

    @Test("emoji as channels' names use them: a ball, a rocket, a watch two columns; a thermometer shown as text one; a family joined by ZWJ two, as its first")
    func emojiInNames() {
        #expect(columnWidth(of: "⚽ Football") == 11)
        #expect(columnWidth(of: "🚀 Rocket TV | ⌚ Watch") == 23)
        #expect(columnWidth(of: "🌡 Weather") == 9)
        #expect(columnWidth(of: "👨‍👩‍👧 family") == 9)
        #expect(columnWidth(of: "e\u{301} x\u{200B}y") == 4)
        #expect(truncate("⚽⚽⚽ Goals", toWidth: 6) == "⚽⚽…")
    }

    @Test("text wraps at whitespace (newlines and tabs too); a word longer than a line — a sentence in Japanese, a URL — is broken where the line ends, not cut")
    func wrapping() {
        #expect(wrap("日本語の説明文がとても長い", width: 10, maxLines: 3) == ["日本語の説", "明文がとて", "も長い"])
        #expect(wrap("see https://example.com/a/very/long/path now", width: 12, maxLines: 4) == ["see", "https://exam", "ple.com/a/ve", "ry/long/pat…"])
        #expect(wrap("end.\nNext\tline", width: 20, maxLines: 2) == ["end. Next line"])
        #expect(wrap("a bb ccc", width: 4, maxLines: 2) == ["a bb", "ccc"])
        #expect(wrap("a bb ccc dddd", width: 4, maxLines: 2) == ["a bb", "ccc…"])
        #expect(wrap("日本", width: 1, maxLines: 3) == ["日", "本"], "a character wider than the line still moves on")
    }

    @Test("a flag is shown as its letters, two columns: ncursesw would keep one of its two symbols")
    func flags() {
        #expect(regionalIndicatorLetters("🇬🇧") == ["G", "B"])
        #expect(regionalIndicatorLetters("G") == nil && regionalIndicatorLetters("⚽") == nil)
        #expect(columnWidth(of: "🇬🇧 BBC One") == 10)
        var screen = Screen(width: 12, height: 1)
        #expect(screen.put("🇬🇧 BBC One", x: 0, y: 0, style: Style()) == 10)
        #expect(screen.text() == "GB BBC One")
        var narrow = Screen(width: 12, height: 1)
        narrow.put("🇩🇪🇫🇷", x: 0, y: 0, style: Style(), maxWidth: 3)
        #expect(narrow.text() == "DE", "a flag that does not fit whole is left out")
    }
}
