import MediaModel

/// What the custom overlay and the info panel offer for a state. Pure; the
/// reducer and the views read the same lists.
public enum OverlayModel {
    public static let speeds: [Double] = [0.5, 1, 1.25, 1.5, 2]

    /// The custom overlay: the embedding program's items if it gave some;
    /// else, live, a strip of channels with what is on now; for VOD, "Play From
    /// Beginning", the chapters and the playback speed.
    public static func customItems(_ state: ShellState) -> [OverlayItem] {
        if let custom = state.chrome.customOverlay { return custom }
        if state.isLive && !state.channelRing.isEmpty {
            var startOver: [OverlayItem] = []
            if let current = state.current, let programme = CatchupReducer.startOver(state) {
                let shown = state.shown(programme, on: state.items[current])
                startOver.append(OverlayItem(title: "Start Over", subtitle: shown.title, activation: .archive(channel: current, start: programme.start)))
            }
            return startOver + state.channelRing.map { index in
                let item = state.items[index]
                let now = state.shownNowNext(item).now?.title
                let name = item.number.map { "\($0) \(item.title)" } ?? item.title
                return OverlayItem(title: name, subtitle: now, isCurrent: index == state.current, activation: .tune(index))
            } + sleepItem(state)
        }
        var items = [OverlayItem(title: "Play From Beginning", activation: .playFromBeginning)]
        items += state.playback.chapters.map { OverlayItem(title: $0.title, subtitle: formatTime($0.start), activation: .seek($0.start)) }
        let speed = state.playback.speed
        let next = speeds.first { $0 > speed + 0.01 } ?? speeds[0]
        items.append(OverlayItem(title: "Speed \(speedLabel(speed))", subtitle: "next: \(speedLabel(next))", activation: .speed(next)))
        return items + sleepItem(state)
    }

    /// "Sleep: Off" (next: 15 min): ENTER goes through 15, 30, 60, 90
    /// minutes, the end of the programme (live) or of the film, and off.
    /// Not in a kiosk (its sleep is the admin's).
    public static func sleepItem(_ state: ShellState) -> [OverlayItem] {
        guard !state.kiosk else { return [] }
        let choices = SleepChoice.menu.filter { choice in
            switch choice {
            case .programme: state.isLive
            case .item: !state.isLive && state.playback.duration != nil
            default: true
            }
        }
        let current = state.sleep.choice
        let next: SleepChoice?
        if let current, let index = choices.firstIndex(of: current) {
            next = index + 1 < choices.count ? choices[index + 1] : nil
        } else {
            next = current == nil ? choices.first : nil
        }
        return [OverlayItem(title: "Sleep: \(current?.label ?? "Off")", subtitle: "next: \(next?.label ?? "Off")", isCurrent: current != nil,
                            activation: .sleep(next))]
    }

    /// The picture in picture's keys while one is up beside what plays
    /// full screen: Swap, Move, Close (a remote has no `x` or `m`). Swap
    /// only when it can (the picture ready and not restricted).
    public static func pictureItems(_ state: ShellState) -> [OverlayItem] {
        guard let pip = state.picture.pip else { return [] }
        let swap = pip.blocked == nil && !pip.restoring && pip.playback.phase == .playing
        return (swap ? [OverlayItem(title: "Swap", activation: .picture(.swapPicture))] : [])
            + [OverlayItem(title: "Move", activation: .picture(.movePicture)), OverlayItem(title: "Close", activation: .picture(.closePicture))]
    }

    /// The info panel's focus ring: the tab headers, then the current tab's items.
    public static func infoItems(_ state: ShellState) -> [OverlayItem] {
        switch state.chrome.infoTab {
        case .info:
            return pictureItems(state) + sleepItem(state)
        case .previous:
            guard let index = CatchupReducer.channel(state) else { return [] }
            let item = state.items[index]
            let playing = state.currentItem?.archive?.start
            return CatchupReducer.previous(state, index: index).map { programme in
                OverlayItem(title: state.shown(programme, on: item).title, isCurrent: programme.start == playing,
                            activation: .archive(channel: index, start: programme.start), time: programme.start)
            }
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

    /// The info panel's tabs for what plays: Previous Programmes only on a
    /// channel with catch-up (or one of its archive's programmes), Chapters
    /// only when there are some (never on a live channel).
    public static func infoTabs(_ state: ShellState) -> [InfoTab] {
        InfoTab.allCases.filter { tab in
            switch tab {
            case .previous: CatchupReducer.channel(state) != nil
            case .chapters: !state.isLive && !state.playback.chapters.isEmpty
            default: true
            }
        }
    }

    /// Size of the info panel's focus ring.
    public static func infoRingCount(_ state: ShellState) -> Int { infoTabs(state).count + infoItems(state).count }

    /// Index of the chapter playing.
    public static func currentChapter(_ state: ShellState) -> Int? {
        guard let position = state.playback.position else { return nil }
        return state.playback.chapters.lastIndex { $0.start <= position + 0.001 }
    }

    public static func speedLabel(_ speed: Double) -> String {
        speed == speed.rounded() ? "\(Int(speed))×" : "\(speed)×"
    }
}
