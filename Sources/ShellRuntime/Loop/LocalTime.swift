import Foundation
import Logging
import ShellCore
#if canImport(Glibc)
import Glibc
#endif

/// The local time's offset from UTC as the C library reads the time zone:
/// `TZ`, else `/etc/localtime`, POSIX rule strings included (a small box's
/// `TZ=CET-1CEST,M3.5.0,M10.5.0/3`, which Foundation's `TimeZone` reads as
/// UTC). Any thread (glibc locks its zone state).
public enum LocalTime {
    /// Seconds east of UTC at `time` (seconds since 1970). The zone is read
    /// again first (`tzset`): a changed `/etc/localtime` is seen.
    public static func offset(at time: Double) -> Int {
        tzset()
        var seconds = time_t(time.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return parts.tm_gmtoff
    }

    /// The change of the offset (summer time beginning or ending) nearest
    /// `time` within `span` seconds (a day and a half) after it, else
    /// before it; nil when there is none. Looked for every 3 hours, then
    /// found to the second by halving (about 40 looks at the zone).
    /// `offset`: the offset at a time (the zone's; tests give their own).
    public static func change(near time: Double, span: Double = 36 * 3600, offset zone: (Double) -> Int = offset(at:)) -> UTCOffsetChange? {
        let now = time.rounded(.down)
        for direction in [1.0, -1.0] {
            var from = now, a = zone(now)
            while abs(from - now) < span {
                let to = from + direction * min(3 * 3600, span - abs(from - now))
                let b = zone(to)
                if a != b {
                    var low = min(from, to), high = max(from, to)
                    let before = zone(low)
                    while high - low > 1 {
                        let middle = (low + (high - low) / 2).rounded(.down)
                        if zone(middle) == before { low = middle } else { high = middle }
                    }
                    return UTCOffsetChange(at: high, before: before, after: zone(high))
                }
                from = to
                a = b
            }
        }
        return nil
    }

    /// Logs `change` ("the local time changes from UTC+00:00 to UTC+01:00 at …").
    static func log(_ change: UTCOffsetChange, _ logger: Logger) {
        logger.info("the local time changes from UTC\(describe(change.before)) to UTC\(describe(change.after)) at \(Date(timeIntervalSince1970: change.at))")
    }

    /// "+01:00", "−05:00".
    static func describe(_ offset: Int) -> String {
        (offset < 0 ? "−" : "+") + formatClock(Double(abs(offset)), utcOffset: 0)
    }
}
