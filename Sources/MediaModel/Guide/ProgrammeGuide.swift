/// Programmes by channel, sorted, for "what is on now and next". A value;
/// build it once (any thread), query it anywhere.
public struct ProgrammeGuide: Equatable, Sendable {
    public let channels: [String: GuideChannel]
    private let byChannel: [String: [Programme]]

    public init(channels guideChannels: [GuideChannel], programmes: [Programme]) {
        var channels: [String: GuideChannel] = [:]
        for c in guideChannels where channels[c.id] == nil { channels[c.id] = c }
        self.channels = channels
        var grouped: [String: [Programme]] = [:]
        for p in programmes { grouped[p.channel, default: []].append(p) }
        for key in grouped.keys {
            var list = grouped[key]!.sorted { $0.start < $1.start }
            for i in list.indices where list[i].stop == nil && i + 1 < list.count {
                list[i].stop = list[i + 1].start
            }
            grouped[key] = list
        }
        byChannel = grouped
    }

    public static let empty = ProgrammeGuide(channels: [], programmes: [])

    /// Programmes of `channel`, by start.
    public func programmes(for channel: String) -> [Programme] { byChannel[channel] ?? [] }

    /// What airs on `channel` at `time` (seconds since 1970) and what follows.
    public func nowNext(channel: String, at time: Double) -> (now: Programme?, next: Programme?) {
        guard let list = byChannel[channel], !list.isEmpty else { return (nil, nil) }
        var low = 0, high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid].start <= time { low = mid + 1 } else { high = mid }
        }
        let next = low < list.count ? list[low] : nil
        guard low > 0 else { return (nil, next) }
        let candidate = list[low - 1]
        if let stop = candidate.stop, stop <= time { return (nil, next) }
        return (candidate, next)
    }

    /// The guide's channel ids, sorted.
    public var channelIDs: [String] { byChannel.keys.sorted() }

    /// Whether it holds no programme.
    public var isEmpty: Bool { byChannel.isEmpty }

    /// Every programme, channel by channel (in no order of channels), each
    /// channel's by start.
    public var allProgrammes: [Programme] { byChannel.values.flatMap { $0 } }

    /// This guide's programmes and `other`'s, each (channel, start) once
    /// (this guide's kept): two windows of the stored guide held as one.
    public func merged(with other: ProgrammeGuide) -> ProgrammeGuide {
        guard !other.isEmpty else { return self }
        guard !isEmpty else { return other }
        var seen = Set<String>()
        var programmes: [Programme] = []
        for programme in allProgrammes + other.allProgrammes where seen.insert("\(programme.channel)\u{1F}\(programme.start)").inserted {
            programmes.append(programme)
        }
        return ProgrammeGuide(channels: Array(channels.values) + Array(other.channels.values), programmes: programmes)
    }
}
