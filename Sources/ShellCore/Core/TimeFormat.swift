/// "m:ss" under an hour, "h:mm:ss" from an hour; with `tenths`, ".d" after.
public func formatTime(_ seconds: Double, tenths: Bool = false) -> String {
    // Within what a whole number holds: a file may claim any duration.
    let clamped = min(max(0, seconds.isFinite ? seconds : 0), 1e12)
    let whole = Int(clamped)
    let h = whole / 3600, m = (whole / 60) % 60, s = whole % 60
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    var out = h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    if tenths {
        out += ".\(Int((clamped - Double(whole)) * 10) % 10)"
    }
    return out
}
