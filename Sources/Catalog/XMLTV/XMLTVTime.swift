/// XMLTV times: `YYYYMMDDhhmmss ±hhmm`, where the tail may be cut short
/// (`YYYYMMDDhhmm`, `YYYYMMDD`) and a missing offset means UTC. Pure.
public enum XMLTVTime {
    /// Seconds since 1970 (UTC), or nil when `text` is not such a time.
    /// Reads the UTF-8 bytes directly (ASCII digits only): a guide has
    /// two of these per programme.
    public static func parse(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let n = bytes.count
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        while i < n, isSpace(bytes[i]) { i += 1 }
        var digits: [Int] = []
        digits.reserveCapacity(14)
        while i < n, bytes[i] != 0x20, !isSpace(bytes[i]) {
            let b = bytes[i]
            guard b >= 0x30 && b <= 0x39, digits.count < 14 else { return nil }
            digits.append(Int(b - 0x30))
            i += 1
        }
        guard digits.count >= 8 else { return nil }
        func field(_ at: Int, _ length: Int) -> Int {
            guard at + length <= digits.count else { return 0 }
            var value = 0
            for k in at..<(at + length) { value = value * 10 + digits[k] }
            return value
        }
        let year = field(0, 4), month = field(4, 2), day = field(6, 2)
        let hour = field(8, 2), minute = field(10, 2), second = field(12, 2)
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        while i < n, bytes[i] == 0x20 { i += 1 }
        var offset = 0
        if i < n, !isSpace(bytes[i]) {
            var end = i
            while end < n, bytes[end] != 0x20, !isSpace(bytes[end]) { end += 1 }
            guard end - i == 5, bytes[i] == 0x2B || bytes[i] == 0x2D else { return nil }
            var hhmm = 0
            for k in (i + 1)..<end {
                guard bytes[k] >= 0x30 && bytes[k] <= 0x39 else { return nil }
                hhmm = hhmm * 10 + Int(bytes[k] - 0x30)
            }
            offset = (hhmm / 100 * 3600 + hhmm % 100 * 60) * (bytes[i] == 0x2D ? -1 : 1)
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
