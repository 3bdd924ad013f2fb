/// "HH:mm" of a wall-clock time (seconds since 1970) at `utcOffset`.
public func formatClock(_ time: Double, utcOffset: Int) -> String {
    let seconds = Int(time.rounded(.down)) + utcOffset
    let minutesOfDay = ((seconds / 60) % 1440 + 1440) % 1440
    let h = minutesOfDay / 60, m = minutesOfDay % 60
    return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
}
