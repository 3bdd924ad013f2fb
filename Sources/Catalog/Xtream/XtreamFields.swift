import Foundation

/// One JSON object of an Xtream Codes answer, read leniently the way real
/// servers write it: numbers as numbers or strings, `""` and `null` for
/// nothing, booleans as `1`/`"1"`/`true`. `place` names where it is in the
/// answer ("[12]", "user_info") for messages. Pure.
struct XtreamFields {
    let values: [String: Any]
    let place: String

    /// The text of `key` (a number written as text), nil when absent or empty.
    func string(_ key: String) -> String? {
        switch values[key] {
        case let text as String:
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        case let number as NSNumber:
            let value = number.doubleValue
            guard value.isFinite else { return nil }
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        default: return nil
        }
    }

    /// `key` as a whole number (a number or numeric text), nil when absent,
    /// empty or not a number.
    func int(_ key: String) -> Int? {
        guard let text = string(key) else { return nil }
        if let value = Int(text) { return value }
        if let value = Double(text), value.isFinite, abs(value) < 1e15 { return Int(value) }
        return nil
    }

    /// `key` as a number of any kind.
    func double(_ key: String) -> Double? {
        string(key).flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil }
    }

    /// `key` as a flag: 1, "1", true, "true" (anything else is false).
    func flag(_ key: String) -> Bool {
        if let bool = values[key] as? Bool { return bool }
        guard let text = string(key)?.lowercased() else { return false }
        return text == "1" || text == "true" || text == "yes"
    }

    /// A whole number that must be there.
    func requiredInt(_ key: String, action: String) throws(XtreamFailure) -> Int {
        guard let value = int(key) else {
            throw .unexpectedJSON(action: action, field: place.isEmpty ? key : "\(place).\(key)", expected: values[key] == nil ? "there" : "a number")
        }
        return value
    }

    /// Text that must be there.
    func requiredString(_ key: String, action: String) throws(XtreamFailure) -> String {
        guard let value = string(key) else {
            throw .unexpectedJSON(action: action, field: place.isEmpty ? key : "\(place).\(key)", expected: values[key] == nil ? "there" : "text")
        }
        return value
    }

    /// The object under `key`, if it is one.
    func object(_ key: String) -> XtreamFields? {
        (values[key] as? [String: Any]).map { XtreamFields(values: $0, place: place.isEmpty ? key : place + "." + key) }
    }

    /// The answer's JSON, or why it is not JSON.
    static func json(_ data: Data, action: String) throws(XtreamFailure) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let start = String(decoding: data.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            // A page with a title (a provider's "account suspended") is named by it.
            let page = start.hasPrefix("<") ? LineupContent.pageTitle(String(decoding: data.prefix(LineupContent.prefixLength), as: UTF8.self)) : nil
            let what = start.isEmpty ? " (it is empty)" : page.map { " (it is a web page: “\($0)”)" } ?? " (it begins \"\(start.prefix(24))\")"
            throw .unexpectedJSON(action: action, field: "the answer", expected: "JSON" + what)
        }
    }

    /// The answer as a list of objects: `[…]`, or an object of objects (how
    /// some servers write a list); an element that is not an object is
    /// skipped and counted in `skipped`.
    static func list(_ data: Data, action: String) throws(XtreamFailure) -> (elements: [XtreamFields], skipped: Int) {
        let json = try Self.json(data, action: action)
        let values: [Any]
        if let array = json as? [Any] {
            values = array
        } else if let object = json as? [String: Any] {
            if object.isEmpty { return ([], 0) }
            values = object.keys.sorted { $0.localizedStandardCompare($1) == .orderedAscending }.compactMap { object[$0] }
        } else {
            throw .unexpectedJSON(action: action, field: "the answer", expected: "a list")
        }
        var elements: [XtreamFields] = []
        elements.reserveCapacity(values.count)
        var skipped = 0
        for (index, value) in values.enumerated() {
            guard let object = value as? [String: Any] else { skipped += 1; continue }
            elements.append(XtreamFields(values: object, place: "[\(index)]"))
        }
        return (elements, skipped)
    }
}
