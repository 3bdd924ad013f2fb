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
}
