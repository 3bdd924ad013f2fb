/// Reads a TOML document, scalar by scalar, its line ends made "\n". A
/// key's value stays on its line, except an array (its items, commas and
/// comments may go on over lines) and a multi-line string.
struct Scanner {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    /// The line `peek` is on, from 1.
    private(set) var line: Int

    init(_ scalars: [Unicode.Scalar], line: Int) {
        self.scalars = scalars
        self.line = line
    }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    var atEndOrComment: Bool { peek == nil || peek == "#" || peek == "\n" }

    mutating func advance() { index += 1 }

    /// Goes to `index`, the start of line `line`.
    mutating func move(to index: Int, line: Int) {
        self.index = index
        self.line = line
    }

    mutating func skipSpaces() {
        while let c = peek, c == " " || c == "\t" { index += 1 }
    }

    /// Spaces, line ends and comments, between an array's items.
    mutating func skipBlank() {
        while let c = peek {
            switch c {
            case " ", "\t":
                index += 1
            case "\n":
                index += 1
                line += 1
            case "#":
                while let c = peek, c != "\n" { index += 1 }
            default:
                return
            }
        }
    }

    func fail(_ message: String, key: String? = nil) -> TOMLDocument.Failure {
        TOMLDocument.Failure(line: line, key: key, message: message)
    }

    mutating func expect(_ c: Unicode.Scalar, key: String? = nil) throws(TOMLDocument.Failure) {
        guard peek == c else {
            throw fail("expected “\(c)”\(peek.flatMap { $0 == "\n" ? nil : " but found “\($0)”" } ?? " at the end of the line")", key: key)
        }
        index += 1
    }

    mutating func expectEnd(key: String? = nil) throws(TOMLDocument.Failure) {
        skipSpaces()
        guard atEndOrComment else {
            let end = scalars[index...].firstIndex(of: "\n") ?? scalars.count
            throw fail("unexpected “\(String(String.UnicodeScalarView(scalars[index..<end])))” after the value", key: key)
        }
    }

    /// `a.b."c d"` up to `terminator`.
    mutating func dottedKey(until terminator: Unicode.Scalar) throws(TOMLDocument.Failure) -> String {
        var parts: [String] = []
        while true {
            skipSpaces()
            if peek == "\"" || peek == "'" {
                parts.append(try quoted())
            } else {
                var part = ""
                while let c = peek, c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" || c == "-" {
                    part.unicodeScalars.append(c)
                    index += 1
                }
                guard !part.isEmpty else {
                    throw fail(peek.map { "expected a key, found “\($0)”" } ?? "expected a key")
                }
                parts.append(part)
            }
            skipSpaces()
            if peek == "." {
                index += 1
                continue
            }
            guard peek == terminator else {
                throw fail("expected “\(terminator)” after the key", key: parts.joined(separator: "."))
            }
            return parts.joined(separator: ".")
        }
    }

    /// Arrays nested deeper than this are refused (a hostile file would
    /// otherwise overflow the stack).
    static let maxDepth = 32

    mutating func value(key: String, depth: Int = 0) throws(TOMLDocument.Failure) -> TOMLDocument.Value {
        guard let c = peek else { throw fail("missing value", key: key) }
        switch c {
        case "\"", "'":
            if index + 2 < scalars.count, scalars[index + 1] == c, scalars[index + 2] == c {
                return .string(try multiline(key: key))
            }
            return .string(try quoted(key: key))
        case "[":
            guard depth < Self.maxDepth else { throw fail("arrays nested more than \(Self.maxDepth) deep", key: key) }
            index += 1
            var items: [TOMLDocument.Value] = []
            while true {
                skipBlank()
                if peek == "]" {
                    index += 1
                    return .array(items)
                }
                items.append(try value(key: key, depth: depth + 1))
                skipBlank()
                if peek == "," {
                    index += 1
                } else if peek != "]" {
                    throw fail(peek == nil ? "the array is not closed with “]”" : "expected “,” or “]” in the array", key: key)
                }
            }
        case "{":
            throw fail("an inline table is only a key's whole value here", key: key)
        default:
            var word = ""
            while let c = peek, c != ",", c != "]", c != "}", c != " ", c != "\t", c != "#", c != "\n" {
                word.unicodeScalars.append(c)
                index += 1
            }
            if word == "true" { return .boolean(true) }
            if word == "false" { return .boolean(false) }
            let digits = word.filter { $0 != "_" }
            if let i = Int(digits) { return .integer(i) }
            if let d = Double(digits), digits.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return .float(d) }
            throw fail("expected a quoted string, a number or true / false, found \(word.isEmpty ? "nothing" : word)", key: key)
        }
    }

    /// A basic ("…", with escapes) or literal ('…') string, on one line.
    mutating func quoted(key: String? = nil) throws(TOMLDocument.Failure) -> String {
        let quote = peek!
        index += 1
        var out = ""
        while let c = peek, c != "\n" {
            index += 1
            if c == quote { return out }
            if c == "\\" && quote == "\"" {
                out.unicodeScalars.append(try escape(key: key))
            } else {
                out.unicodeScalars.append(c)
            }
        }
        throw fail("unterminated string", key: key)
    }

    /// A multi-line basic ("""…""", with escapes; a backslash at a line's
    /// end joins it to the next one's first non-blank) or literal
    /// ('''…''') string. A line end just after the opening quotes is
    /// not part of it; up to two quotes just before the closing ones are.
    mutating func multiline(key: String) throws(TOMLDocument.Failure) -> String {
        let quote = peek!
        let start = line
        index += 3
        if peek == "\n" {
            index += 1
            line += 1
        }
        var out = ""
        while let c = peek {
            if c == quote, index + 2 < scalars.count, scalars[index + 1] == quote, scalars[index + 2] == quote {
                var extra = 0
                while extra < 2, index + 3 + extra < scalars.count, scalars[index + 3 + extra] == quote { extra += 1 }
                for _ in 0..<extra { out.unicodeScalars.append(quote) }
                index += 3 + extra
                return out
            }
            index += 1
            if c == "\n" {
                line += 1
                out += "\n"
            } else if c == "\\" && quote == "\"" {
                var look = index
                while look < scalars.count, scalars[look] == " " || scalars[look] == "\t" { look += 1 }
                if look < scalars.count, scalars[look] == "\n" {
                    index = look
                    while let w = peek, w == " " || w == "\t" || w == "\n" {
                        if w == "\n" { line += 1 }
                        index += 1
                    }
                } else {
                    out.unicodeScalars.append(try escape(key: key))
                }
            } else {
                out.unicodeScalars.append(c)
            }
        }
        throw TOMLDocument.Failure(line: start, key: key, message: "unterminated multi-line string")
    }

    /// The escape after a backslash in a basic string.
    private mutating func escape(key: String?) throws(TOMLDocument.Failure) -> Unicode.Scalar {
        guard let e = peek, e != "\n" else { throw fail("unterminated string", key: key) }
        index += 1
        switch e {
        case "\"": return "\""
        case "\\": return "\\"
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "b": return "\u{8}"
        case "f": return "\u{C}"
        case "u", "U":
            let count = e == "u" ? 4 : 8
            guard index + count <= scalars.count,
                  let value = UInt32(String(String.UnicodeScalarView(scalars[index..<index + count])), radix: 16),
                  let scalar = Unicode.Scalar(value) else {
                throw fail("bad \\\(e) escape", key: key)
            }
            index += count
            return scalar
        default:
            throw fail("unknown escape \\\(e)", key: key)
        }
    }

    /// `{ key = value, other.key = value }` on one line: its entries, keys
    /// dotted as written; nested inline tables are flattened.
    mutating func inlineTable(key: String, depth: Int = 0) throws(TOMLDocument.Failure) -> [(String, TOMLDocument.Value)] {
        guard depth < Self.maxDepth else { throw fail("inline tables nested more than \(Self.maxDepth) deep", key: key) }
        try expect("{", key: key)
        var entries: [(String, TOMLDocument.Value)] = []
        skipSpaces()
        if peek == "}" {
            index += 1
            return entries
        }
        while true {
            skipSpaces()
            let inner = try dottedKey(until: "=")
            try expect("=", key: key)
            skipSpaces()
            if peek == "{" {
                entries += try inlineTable(key: key, depth: depth + 1).map { (inner + "." + $0.0, $0.1) }
            } else {
                entries.append((inner, try value(key: key)))
            }
            skipSpaces()
            if peek == "," {
                index += 1
                continue
            }
            try expect("}", key: key)
            return entries
        }
    }
}
