import ConfigFormat
import Testing

@Suite("TOML documents")
struct TOMLDocumentTests {
    @Test("tables, strings with escapes, numbers, booleans, arrays and comments")
    func values() throws {
        let doc = try TOMLDocument.parse("""
            \u{FEFF}# comment
            name = "a \\"quoted\\" \\u00e9 # not a comment" # a comment
            literal = 'C:\\path'
            [limits]
            count = 1_000
            ratio = 0.5
            on = true
            keys = ["KEY_UP", 'KEY_OK', 3]
            [remote."my remote"]
            "KEY_OK" = "select"
            """)
        #expect(doc.entry("", "name")?.value == .string("a \"quoted\" é # not a comment"))
        #expect(doc.entry("", "literal")?.value.string == "C:\\path")
        #expect(doc.entry("limits", "count")?.value.integer == 1000)
        #expect(doc.entry("limits", "ratio")?.value.float == 0.5)
        #expect(doc.entry("limits", "on")?.value.boolean == true)
        #expect(doc.entry("limits", "keys")?.value == .array([.string("KEY_UP"), .string("KEY_OK"), .integer(3)]))
        #expect(doc.entry("remote.my remote", "KEY_OK")?.line == 10)
        #expect(doc.tables.map(\.name) == ["limits", "remote.my remote"])
    }

    @Test("errors name the line and the key")
    func errors() {
        func failure(_ text: String) -> TOMLDocument.Failure? {
            do { _ = try TOMLDocument.parse(text); return nil } catch { return error }
        }
        #expect(failure("a = 1\nb = bare") == TOMLDocument.Failure(line: 2, key: "b", message: "expected a quoted string, a number or true / false, found bare"))
        #expect(failure("[t]\nb = #comment") == TOMLDocument.Failure(line: 2, key: "t.b", message: "expected a quoted string, a number or true / false, found nothing"))
        #expect(failure("a = \"open")?.message == "unterminated string")
        #expect(failure("a = 1\na = 2") == TOMLDocument.Failure(line: 2, key: "a", message: "defined twice"))
        #expect(failure("[t\nx = 1")?.line == 1)
        #expect(failure("x = [{a = 1}]")?.message == "an inline table is only a key's whole value here")
        #expect(failure("x = {a = 1")?.key == "x")
        #expect(failure("x = [1, 2")?.key == "x")
        #expect(failure("= 3")?.line == 1)
        #expect(failure("x = 1 2")?.message.hasPrefix("unexpected") == true)
    }

    @Test("LF, CRLF and CR-only line ends read the same")
    func lineEnds() throws {
        let lines = ["[keys]", "x = \"info\"", "# a comment", "[kiosk]", "enabled = true"]
        let lf = try TOMLDocument.parse(lines.joined(separator: "\n"))
        #expect(lf.entries.count == 2)
        for separator in ["\r\n", "\r"] {
            let other = try TOMLDocument.parse(lines.joined(separator: separator))
            #expect(other.entries.map(\.path) == lf.entries.map(\.path))
            #expect(other.entries.map(\.line) == lf.entries.map(\.line), "line numbers count CR-only lines too")
        }
    }

    @Test("quote writes what parse reads back")
    func roundTrip() throws {
        for text in ["plain", "with \"quotes\" and \\ back", "tab\tnew\nline", "\u{1}ctrl", "é ☃"] {
            let doc = try TOMLDocument.parse("k = \(TOMLDocument.quote(text))")
            #expect(doc.entry("", "k")?.value.string == text)
        }
    }

    @Test("arrays nest 32 deep at most: deeper is an error naming the line and key, not a crash")
    func deepArrays() throws {
        let ok = try TOMLDocument.parse("k = " + String(repeating: "[", count: 32) + String(repeating: "]", count: 32))
        #expect(ok.entry("", "k") != nil)
        #expect(throws: TOMLDocument.Failure(line: 2, key: "deep", message: "arrays nested more than 32 deep")) {
            try TOMLDocument.parse("a = 1\ndeep = " + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000))
        }
    }

    @Test("inline tables are the entries of a table of their own; nested ones too")
    func inlineTables() throws {
        let document = try TOMLDocument.parse("[remote]\nKEY_LEFT = { command = \"left\", repeat = 3, shape = { w = 1 } }\nempty = {}\n")
        #expect(document.entries.map(\.path) == ["remote.KEY_LEFT.command", "remote.KEY_LEFT.repeat", "remote.KEY_LEFT.shape.w"])
        #expect(document.entry("remote.KEY_LEFT", "repeat")?.value == .integer(3))
    }

    @Test("leniently, each bad line is a failure of its own and the others are read")
    func lenient() {
        let (document, failures) = TOMLDocument.parse("a = 1\nb = = 2\nc = 3\n[t\nd = 4\n[u]\ne = 5\n", lenient: true)
        #expect(document.entries.map(\.path) == ["a", "c", "u.e"])
        #expect(failures.map(\.line) == [2, 4])
    }

    @Test("arrays over several lines, with comments and a trailing comma; the lines after them keep their numbers, whatever the line ends")
    func multiLineArrays() throws {
        let lines = [
            "[play]",
            "guides = [",
            "  \"http://one.test/guide.xml\",  # the first",
            "  # a comment between items",
            "  'http://two.test/guide.xml',",
            "]",
            "theme = \"dark\"",
            "nested = [ [1, 2],",
            "  [3] ]",
            "after = true",
        ]
        for separator in ["\n", "\r\n", "\r"] {
            let doc = try TOMLDocument.parse(lines.joined(separator: separator))
            #expect(doc.entry("play", "guides")?.value == .array([.string("http://one.test/guide.xml"), .string("http://two.test/guide.xml")]))
            #expect(doc.entry("play", "guides")?.line == 2)
            #expect(doc.entry("play", "theme")?.line == 7)
            #expect(doc.entry("play", "nested")?.value == .array([.array([.integer(1), .integer(2)]), .array([.integer(3)])]))
            #expect(doc.entry("play", "after")?.line == 10)
        }
    }

    @Test("multi-line strings, basic and literal: the first line end dropped, escapes in basic ones, a backslash at a line's end joining lines")
    func multiLineStrings() throws {
        let text = [
            #"a = """"#,
            #"first \t line"#,
            #"second""""#,
            #"b = '''C:\raw\"#,
            #"path'''"#,
            #"c = """one \"#,
            #"    two""""#,
            #"d = """say ""hi""""""#,
            #"e = 1"#,
        ].joined(separator: "\n")
        let doc = try TOMLDocument.parse(text)
        #expect(doc.entry("", "a")?.value.string == "first \t line\nsecond")
        #expect(doc.entry("", "b")?.value.string == "C:\\raw\\\npath")
        #expect(doc.entry("", "c")?.value.string == "one two")
        #expect(doc.entry("", "d")?.value.string == "say \"\"hi\"\"")
        #expect(doc.entry("", "e")?.line == 9)
    }

    @Test("an array or a multi-line string left open says so; leniently, the lines after the broken key are read")
    func openMultiLine() {
        func failure(_ text: String) -> TOMLDocument.Failure? {
            do { _ = try TOMLDocument.parse(text); return nil } catch { return error }
        }
        #expect(failure("a = 1\nx = [\n  1,\n  2\n") == TOMLDocument.Failure(line: 5, key: "x", message: "the array is not closed with “]”"))
        #expect(failure("x = \"\"\"\nnever closed\n") == TOMLDocument.Failure(line: 1, key: "x", message: "unterminated multi-line string"))
        #expect(failure("x = [\n  1\n  2\n]") == TOMLDocument.Failure(line: 3, key: "x", message: "expected “,” or “]” in the array"))
        #expect(failure("x = \"a\nb\"")?.message == "unterminated string", "a one-line string stays on its line")
        let (document, failures) = TOMLDocument.parse("x = [\n  1\n  2\n]\ny = 3\n", lenient: true)
        #expect(document.entries.map(\.path) == ["y"])
        #expect(failures.map(\.line) == [3, 2, 3, 4])
    }
}
