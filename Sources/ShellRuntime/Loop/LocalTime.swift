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
}
