/// JSON written directly, for the command line's large reports: keys sorted,
/// two-space indents. JSONSerialization on Linux takes seconds and hundreds
/// of MiB for a 50 000-channel lineup; this writes the same document in a
/// fraction of that. Pure.
enum JSONText {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONText])
    case object([String: JSONText])

    /// `value` or null.
    static func optional(_ value: String?) -> JSONText { value.map(JSONText.string) ?? .null }

    static func strings(_ values: [String: String]) -> JSONText { .object(values.mapValues(JSONText.string)) }

    /// The document, indented, ending in a newline.
    func rendered() -> String {
        var out = ""
        out.reserveCapacity(1 << 16)
        write(into: &out, indent: 0)
        out += "\n"
        return out
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .string(let text): Self.quote(text, into: &out)
        case .int(let n): out += String(n)
        case .double(let x): out += x.isFinite ? (x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)) : "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            guard !items.isEmpty else { return out += "[]" }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                item.write(into: &out, indent: indent + 2)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let fields):
            guard !fields.isEmpty else { return out += "{}" }
            out += "{\n"
            let keys = fields.keys.sorted()
            for (i, key) in keys.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                Self.quote(key, into: &out)
                out += " : "
                fields[key]!.write(into: &out, indent: indent + 2)
                out += i + 1 < keys.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    private static func quote(_ text: String, into out: inout String) {
        out += "\""
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) {
            out += text
        } else {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
