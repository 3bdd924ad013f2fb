import Foundation

/// Flags and numbers in a request as `JSONSerialization` gives them. On
/// Linux a JSON `0` or `1` also answers `is Bool` and a JSON `true` answers
/// `as? Int`, so a flag and a number are told apart by what the number
/// holds (a boolean's type is `c`). Pure; any thread.
enum JSONScalar {
    /// Whether `value` is a JSON `true` / `false` (or a Swift `Bool`).
    static func isFlag(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    /// `value` when it is a JSON `true` / `false`; nil for numbers (`0`, `1`) and the rest.
    static func flag(_ value: Any) -> Bool? {
        isFlag(value) ? (value as? NSNumber)?.boolValue : nil
    }

    /// The largest number a request may hold (either sign): a Unix time
    /// some 30 000 years ahead. Beyond it nothing a request names makes
    /// sense, and a whole number of it would not fit an `Int`.
    static let largest = 1e12

    /// `value` as a finite number within `largest` (a JSON number, or
    /// numeric text); nil for flags and numbers beyond it.
    static func double(_ value: Any?) -> Double? {
        guard let value, !isFlag(value) else { return nil }
        let number = (value as? NSNumber)?.doubleValue ?? (value as? String).flatMap { Double($0) }
        return number.flatMap { $0.isFinite && abs($0) <= largest ? $0 : nil }
    }

    /// `value` as a whole JSON number; nil for flags, fractions and text.
    static func int(_ value: Any?) -> Int? {
        guard let value, !isFlag(value), let number = value as? NSNumber else { return nil }
        return number as? Int
    }

    /// `value` as a message names it: `true` / `false` for flags (Foundation writes them 1 / 0).
    static func text(_ value: Any) -> String {
        flag(value).map { $0 ? "true" : "false" } ?? "\(value)"
    }
}
