/// "HH:mm" of a wall-clock time (seconds since 1970) at `utcOffset`.
public func formatClock(_ time: Double, utcOffset: Int) -> String {
    let seconds = Int(time.rounded(.down)) + utcOffset
    let minutesOfDay = ((seconds / 60) % 1440 + 1440) % 1440
    let h = minutesOfDay / 60, m = minutesOfDay % 60
    return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
}

/// "Mon 20:00" of a wall-clock time (seconds since 1970) at `utcOffset`.
public func formatDayAndClock(_ time: Double, utcOffset: Int) -> String {
    let seconds = Int(time.rounded(.down)) + utcOffset
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let names = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    return names[((days % 7) + 7) % 7] + " " + formatClock(time, utcOffset: utcOffset)
}
