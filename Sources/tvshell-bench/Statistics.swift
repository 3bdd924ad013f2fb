/// Median, p99 and max of a sample, in the unit given.
struct Statistics {
    let count: Int
    let median: Double
    let p99: Double
    let max: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        count = sorted.count
        median = sorted.isEmpty ? .nan : sorted[sorted.count / 2]
        p99 = sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
        max = sorted.last ?? .nan
    }
}

/// A number with `digits` decimals.
func fixed(_ value: Double, _ digits: Int = 2) -> String {
    guard value.isFinite else { return "n/a" }
    var p = 1.0
    for _ in 0..<digits { p *= 10 }
    let rounded = (value * p).rounded() / p
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    } else if digits > 0 {
        text += "." + String(repeating: "0", count: digits)
    }
    return text
}
