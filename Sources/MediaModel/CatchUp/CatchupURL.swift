/// Fills a catch-up URL template for one programme. The specifiers, as
/// real playlists use them:
/// - `{utc}`, `${start}`: its start; `{utcend}`, `${end}`: its end;
///   `{lutc}`, `${now}`, `${timestamp}`: now (Unix seconds). Each also
///   takes a format, `{utc:YmdHM}`, where Y m d H M S stand for the
///   date's parts and anything else is kept.
/// - `{Y}` `{m}` `{d}` `{H}` `{M}` `{S}`: the parts of its start.
/// - `{duration}`, `${duration}`: its length in seconds; `{duration:N}`
///   divided by N; `{offset:N}`: now − start, divided by N.
/// - `{catchup-id}`: the programme's own id from the guide.
///
/// Times are UTC, moved by the channel's `correction` hours. Unknown
/// specifiers are left as they are. Pure.
public enum CatchupURL {
    public static func make(_ catchup: Catchup, start: Double, end: Double, now: Double, catchupID: String? = nil) -> String {
        let shift = catchup.correction * 3600
        return fill(catchup.source, start: start + shift, end: end + shift, now: now, catchupID: catchupID)
    }

    static func fill(_ template: String, start: Double, end: Double, now: Double, catchupID: String?) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            var prefixEnd = open
            var dollar = false
            if open > rest.startIndex, rest[rest.index(before: open)] == "$" {
                prefixEnd = rest.index(before: open)
                dollar = true
            }
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            out += rest[..<prefixEnd]
            let body = String(rest[rest.index(after: open)..<close])
            let original = String(rest[prefixEnd...close])
            out += value(of: body, dollar: dollar, start: start, end: end, now: now, catchupID: catchupID) ?? original
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    private static func value(of body: String, dollar: Bool, start: Double, end: Double, now: Double, catchupID: String?) -> String? {
        let parts = body.split(separator: ":", maxSplits: 1).map(String.init)
        let name = parts.first ?? ""
        let argument = parts.count > 1 ? parts[1] : nil
        func time(_ t: Double) -> String {
            argument.map { format(t, $0) } ?? String(Int(t.rounded(.down)))
        }
        func divided(_ seconds: Double) -> String? {
            guard let argument else { return String(Int(seconds)) }
            guard let divisor = Int(argument), divisor >= 1 else { return nil }
            return String(Int(seconds) / divisor)
        }
        switch (dollar, name) {
        case (false, "utc"), (true, "start"): return time(start)
        case (false, "utcend"), (true, "end"): return time(end)
        case (false, "lutc"), (true, "now"), (true, "timestamp"): return time(now)
        case (_, "duration"): return divided(end - start)
        case (false, "offset"): return divided(now - start)
        case (false, "catchup-id"): return catchupID ?? ""
        case (false, "Y"), (false, "m"), (false, "d"), (false, "H"), (false, "M"), (false, "S"):
            return argument == nil ? format(start, name) : nil
        default: return nil
        }
    }

    /// `spec` with Y m d H M S replaced by the parts of `t` (UTC).
    static func format(_ t: Double, _ spec: String) -> String {
        let c = UTCDate(t)
        return spec.map { ch -> String in
            switch ch {
            case "Y": String(c.year)
            case "m": UTCDate.two(c.month)
            case "d": UTCDate.two(c.day)
            case "H": UTCDate.two(c.hour)
            case "M": UTCDate.two(c.minute)
            case "S": UTCDate.two(c.second)
            default: String(ch)
            }
        }.joined()
    }
}
