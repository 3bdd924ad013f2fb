/// A TOML document of the kind tvshell's files use: `[table]` headers, and
/// `key = value` lines whose values are strings (basic or literal, on one
/// line or multi-line), integers, floats, booleans, arrays of those (over
/// as many lines as they like, with comments between items) or inline
/// tables. Anything else (arrays of tables, dates) is refused with its
/// line, so a user always learns where a file went wrong. A value; parse
/// on any thread.
public struct TOMLDocument: Equatable, Sendable {
    public indirect enum Value: Equatable, Sendable, CustomStringConvertible {
        case string(String)
        case integer(Int)
        case float(Double)
        case boolean(Bool)
        case array([Value])

        public var string: String? { if case .string(let s) = self { s } else { nil } }
        public var integer: Int? { if case .integer(let i) = self { i } else { nil } }
        public var boolean: Bool? { if case .boolean(let b) = self { b } else { nil } }
        public var float: Double? {
            switch self {
            case .float(let d): d
            case .integer(let i): Double(i)
            default: nil
            }
        }
        public var array: [Value]? { if case .array(let a) = self { a } else { nil } }

        public var description: String {
            switch self {
            case .string(let s): TOMLDocument.quote(s)
            case .integer(let i): String(i)
            case .float(let d): String(d)
            case .boolean(let b): String(b)
            case .array(let a): "[" + a.map(\.description).joined(separator: ", ") + "]"
            }
        }
    }

    /// One `key = value` line, with its table ("" before any header).
    public struct Entry: Equatable, Sendable {
        public var table: String
        public var key: String
        public var value: Value
        public var line: Int

        /// `table.key`, or `key` at the top.
        public var path: String { table.isEmpty ? key : "\(table).\(key)" }
    }

    /// Where and why a file is not what it should be.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let line: Int
        public let key: String?
        public let message: String

        public init(line: Int, key: String?, message: String) {
            self.line = line
            self.key = key
            self.message = message
        }

        public var description: String { "line \(line)\(key.map { ", key \($0)" } ?? ""): \(message)" }
    }

    /// Every entry, in file order.
    public var entries: [Entry]
    /// Every table header, in file order, with its line.
    public var tables: [(name: String, line: Int)] { tableLines.map { ($0.name, $0.line) } }
    private var tableLines: [TableLine]

    private struct TableLine: Equatable, Sendable {
        var name: String
        var line: Int
    }

    public static func parse(_ text: String) throws(Failure) -> TOMLDocument {
        let (document, failures) = parse(text, lenient: false)
        if let first = failures.first { throw first }
        return document
    }

    /// Reads every line it can: a line that is not TOML is a failure of its
    /// own and the rest are read (a bad table header drops the entries
    /// under it, until the next header). Strict (`lenient` false), it stops
    /// at the first failure.
    public static func parse(_ text: String, lenient: Bool) -> (TOMLDocument, [Failure]) {
        var entries: [Entry] = []
        var tableLines: [TableLine] = []
        var failures: [Failure] = []
        var table = ""
        var tableBroken = false
        var seen: Set<String> = []
        let (scalars, lineStarts) = normalized(text)
        var scanner = Scanner(scalars, line: 1)
        var number = 1
        while number <= lineStarts.count {
            scanner.move(to: lineStarts[number - 1], line: number)
            scanner.skipSpaces()
            if scanner.atEndOrComment {
                number += 1
                continue
            }
            do throws(Failure) {
                if scanner.peek == "[" {
                    scanner.advance()
                    let name: String
                    do {
                        name = try scanner.dottedKey(until: "]")
                        try scanner.expect("]")
                        try scanner.expectEnd()
                    } catch {
                        tableBroken = true
                        throw Failure(line: number, key: nil, message: "expected a table header like [name]")
                    }
                    table = name
                    tableBroken = false
                    tableLines.append(TableLine(name: name, line: number))
                    number += 1
                    continue
                }
                guard !tableBroken else {
                    number += 1
                    continue
                }
                let key: String
                do {
                    key = try scanner.dottedKey(until: "=")
                    scanner.skipSpaces()
                    try scanner.expect("=")
                } catch {
                    throw Failure(line: number, key: nil, message: "expected key = \"value\"")
                }
                scanner.skipSpaces()
                var found: [Entry] = []
                let path = table.isEmpty ? key : "\(table).\(key)"
                do {
                    if scanner.peek == "{" {
                        for (inner, value) in try scanner.inlineTable(key: key) {
                            let dot = inner.lastIndex(of: ".")
                            let innerTable = dot.map { path + "." + inner[..<$0] } ?? path
                            let innerKey = dot.map { String(inner[inner.index(after: $0)...]) } ?? inner
                            found.append(Entry(table: innerTable, key: innerKey, value: value, line: number))
                        }
                    } else {
                        found.append(Entry(table: table, key: key, value: try scanner.value(key: key), line: number))
                    }
                    try scanner.expectEnd(key: key)
                } catch {
                    throw Failure(line: error.line, key: path, message: error.message)
                }
                // On after the value's last line (an array or a string may span several).
                let keyLine = number
                number = scanner.line
                for entry in found {
                    guard seen.insert(entry.path).inserted else { throw Failure(line: keyLine, key: entry.path, message: "defined twice") }
                    entries.append(entry)
                }
                number += 1
            } catch {
                // On at the next line: after a value that failed, at the
                // line after its key (the lines of a broken array are read
                // as lines of their own).
                failures.append(error)
                if !lenient { break }
                number += 1
            }
        }
        return (TOMLDocument(entries: entries, tableLines: tableLines), failures)
    }

    /// The entry for `key` in `table`.
    public func entry(_ table: String, _ key: String) -> Entry? {
        entries.first { $0.table == table && $0.key == key }
    }

    /// The entries of `table`, in file order.
    public func entries(in table: String) -> [Entry] {
        entries.filter { $0.table == table }
    }

    /// `text` as a TOML basic string, quoted and escaped.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// `text`'s scalars, a leading byte order mark dropped and every line end
/// (LF, CRLF, CR alone) made "\n", with where each line starts.
private func normalized(_ text: String) -> (scalars: [Unicode.Scalar], lineStarts: [Int]) {
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(text.unicodeScalars.count)
    var lineStarts = [0]
    var afterCR = false
    for (offset, scalar) in text.unicodeScalars.enumerated() {
        if offset == 0, scalar == "\u{FEFF}" { continue }
        if scalar == "\n", afterCR {
            afterCR = false
            continue
        }
        afterCR = scalar == "\r"
        scalars.append(scalar == "\r" ? "\n" : scalar)
        if scalar == "\n" || scalar == "\r" { lineStarts.append(scalars.count) }
    }
    return (scalars, lineStarts)
}
