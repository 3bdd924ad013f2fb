/// The calendar parts of a Unix time in UTC, without Foundation (the days
/// to civil date conversion of Howard Hinnant's `civil_from_days`). Pure.
public struct UTCDate: Equatable, Sendable {
    public let year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int

    public init(_ unix: Double) {
        let seconds = Int(unix.rounded(.down))
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        hour = rest / 3600
        minute = rest % 3600 / 60
        second = rest % 60
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Two digits, zero-padded.
    public static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
