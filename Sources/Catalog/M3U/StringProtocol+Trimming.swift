/// Whitespace (Unicode spaces too) trimmed off both ends, without
/// Foundation; a string whose ends are plain ASCII comes back as it is. Pure.
extension StringProtocol {
    func trimmingWhitespace() -> String {
        let whole = String(self)
        if let first = whole.utf8.first, let last = whole.utf8.last, first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80 { return whole }
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
