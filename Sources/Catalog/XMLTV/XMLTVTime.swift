/// XMLTV times: `YYYYMMDDhhmmss ±hhmm`, where the tail may be cut short
/// (`YYYYMMDDhhmm`, `YYYYMMDD`) and a missing offset means UTC. Pure.
public enum XMLTVTime {
    /// Seconds since 1970 (UTC), or nil when `text` is not such a time.
    public static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmingWhitespace()
        let parts = trimmed.split(separator: " ", omittingEmptySubsequences: true)
        guard let stamp = parts.first, stamp.count >= 8, stamp.count <= 14, stamp.allSatisfy(\.isNumber) else { return nil }
        let digits = Array(stamp).map { Int(String($0))! }
        func field(_ at: Int, _ length: Int) -> Int {
            guard at + length <= digits.count else { return 0 }
            return digits[at..<(at + length)].reduce(0) { $0 * 10 + $1 }
        }
        let year = field(0, 4), month = field(4, 2), day = field(6, 2)
        let hour = field(8, 2), minute = field(10, 2), second = field(12, 2)
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var offset = 0
        if parts.count > 1 {
            let zone = parts[1]
            guard zone.count == 5, let sign = zone.first, sign == "+" || sign == "-",
                  zone.dropFirst().allSatisfy(\.isNumber), let hhmm = Int(zone.dropFirst()) else { return nil }
            offset = (hhmm / 100 * 3600 + hhmm % 100 * 60) * (sign == "-" ? -1 : 1)
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Double(days * 86400 + hour * 3600 + minute * 60 + second - offset)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }
}
