extension LineupChannel {
    /// `tvg-shift` in seconds: the channel's own, else the header's
    /// (`hours`, fractional, signed), 0 when neither says or it is not a number.
    public func guideShift(header: [String: String]) -> Double {
        for value in [tvgShift, header["tvg-shift"]] {
            guard let text = value?.trimmingWhitespace(), !text.isEmpty else { continue }
            guard let hours = Double(text.hasPrefix("+") ? String(text.dropFirst()) : text), hours.isFinite, abs(hours) <= 48 else { return 0 }
            return (hours * 3600).rounded()
        }
        return 0
    }

    /// The channel as the guide matches it: by `tvg-id`, then by its name
    /// and `tvg-name`, shifted by `tvg-shift`.
    public func guideTarget(header: [String: String]) -> GuideTarget {
        var names = [name]
        if let tvgName, !tvgName.isEmpty, tvgName != name { names.append(tvgName) }
        return GuideTarget(id: id, names: names, shift: guideShift(header: header))
    }
}

extension Lineup {
    /// Every channel as the guide matches it, in lineup order.
    public var guideTargets: [GuideTarget] { channels.map { $0.guideTarget(header: headerAttributes) } }
}
