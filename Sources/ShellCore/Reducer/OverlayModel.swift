import MediaModel

/// What the custom overlay and the info panel offer for a state. Pure; the
/// reducer and the views read the same lists.
public enum OverlayModel {
    public static let speeds: [Double] = [0.5, 1, 1.25, 1.5, 2]

    /// The custom overlay: the embedding program's items if it gave some;
    /// else, live, a strip of channels with what is on now; for VOD, "Play From
    /// Beginning", the chapters and the playback speed.
    public static func customItems(_ state: ShellState) -> [OverlayItem] {
        if let custom = state.customOverlay { return custom }
        if state.isLive && !state.channelRing.isEmpty {
            return state.channelRing.map { index in
                let item = state.items[index]
                let now = state.shownNowNext(item).now?.title
                let name = item.number.map { "\($0) \(item.title)" } ?? item.title
                return OverlayItem(title: name, subtitle: now, isCurrent: index == state.current, activation: .tune(index))
            }
        }
        var items = [OverlayItem(title: "Play From Beginning", activation: .playFromBeginning)]
        items += state.playback.chapters.map { OverlayItem(title: $0.title, subtitle: formatTime($0.start), activation: .seek($0.start)) }
        let speed = state.playback.speed
        let next = speeds.first { $0 > speed + 0.01 } ?? speeds[0]
        items.append(OverlayItem(title: "Speed \(speedLabel(speed))", subtitle: "next: \(speedLabel(next))", activation: .speed(next)))
        return items
    }

    /// The info panel's focus ring: the tab headers, then the current tab's items.
    public static func infoItems(_ state: ShellState) -> [OverlayItem] {
        switch state.infoTab {
        case .info:
            return []
        case .chapters:
            let chapter = currentChapter(state)
            return state.playback.chapters.enumerated().map { index, c in
                OverlayItem(title: c.title, subtitle: formatTime(c.start), isCurrent: index == chapter, activation: .seek(c.start))
            }
        case .subtitles:
            let subs = state.playback.tracks.filter { $0.kind == .subtitle }
            return [OverlayItem(title: "Off", isCurrent: !subs.contains { $0.selected }, activation: .selectTrack(.subtitle, nil))]
                + subs.map { OverlayItem(title: $0.label, isCurrent: $0.selected, activation: .selectTrack(.subtitle, $0.id)) }
        case .audio:
            return state.playback.tracks.filter { $0.kind == .audio }.map {
                OverlayItem(title: $0.label, isCurrent: $0.selected, activation: .selectTrack(.audio, $0.id))
            }
        }
    }

    /// Size of the info panel's focus ring.
    public static func infoRingCount(_ state: ShellState) -> Int { InfoTab.allCases.count + infoItems(state).count }

    /// Index of the chapter playing.
    public static func currentChapter(_ state: ShellState) -> Int? {
        guard let position = state.playback.position else { return nil }
        return state.playback.chapters.lastIndex { $0.start <= position + 0.001 }
    }

    public static func speedLabel(_ speed: Double) -> String {
        speed == speed.rounded() ? "\(Int(speed))×" : "\(speed)×"
    }
}
