import MediaModel
import ShellCore
import ShellTesting
import Testing

/// 2026-11-23 20:40 UTC; the grid starts at 20:00.
private let wall = 1_795_466_400.0
private let half = 1_795_465_800.0
private let tvMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
private let tvPG = ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)

private func gridState(restricted: Bool) -> ShellState {
    var programmes: [Programme] = []
    let channels = ["news", "sport", "films", "kids", "music", "docs"]
    for (c, id) in channels.enumerated() {
        var t = half - 5400 + Double(c) * 600
        var n = 0
        while t < half + 6 * 3600 {
            let length = Double(1800 * (1 + (n + c) % 3))
            var p = Programme(channel: id, start: t, stop: t + length, title: "\(id.capitalized) \(n + 1)",
                              subtitle: n == 2 ? "The Return" : nil, summary: "What happens in \(id) programme \(n + 1), told at some length so that it wraps.",
                              categories: ["Series", "Drama"], episode: "S1E\(n + 1)")
            if id == "films" && n == 2 { p.ratings = [GuideRating(system: "VCHIP", value: "TV-MA", resolved: tvMA)] }
            programmes.append(p)
            t += length
            n += 1
        }
    }
    let items = channels.enumerated().map { c, id in
        MediaItem(id: id, title: id.capitalized + (c == 0 ? " Twenty-Four Hours" : ""), url: "http://live.test/\(id).m3u8", isLive: true, number: c + 1, guideID: id)
    }
    let policy = RestrictionPolicy(mode: restricted ? .passcode : .off, tv: .upTo(tvPG), hasPasscode: true)
    var s = ShellState(items: items, guide: ProgrammeGuide(channels: [], programmes: programmes), restrictions: RestrictionsState(policy: policy))
    s.wallClock = wall
    s.navigation.destination = .guide
    s.guide.grid = GuideGrid(channel: 2, time: wall, start: half - 1800)
    return s
}

@Suite("Guide grid snapshots")
struct GuideGridSnapshotTests {
    @Test("the grid: half hours across, a mark at now, the focused programme and its details; restricted ones without their title")
    func grid() {
        assertThemedSnapshots(Self.restricted(), named: "guide-grid") { screen, theme in
            let text = (0..<screen.height).map { y in String((0..<screen.width).map { screen[$0, y].character }) }.joined(separator: "\n")
            #expect(text.contains("Restricted (TV-MA)") && !text.contains("Films 3"), "the restricted programme is masked in \(theme.name)")
        }
        assertThemedSnapshots(Self.open(), named: "guide-grid-unrestricted") { screen, _ in
            let text = (0..<screen.height).map { y in String((0..<screen.width).map { screen[$0, y].character }) }.joined(separator: "\n")
            #expect(text.contains("Films 3"))
        }
    }

    @Test("with a remote in hand: its buttons in the hint (CH+/CH- page, PREV/NEXT day, OK, HELP, FAV, SEARCH, PIP, GUIDE), no < > it lacks; the reminder's OK and BACK")
    func remoteHint() {
        var state = gridState(restricted: false)
        state.chrome.keyLabels = KeyLabels.remote(.standard)
        let text = ShellView.render(state, theme: .dark, width: 200, height: 60, context: ViewContext(picture: .terminal)).text()
        #expect(text.contains("↑↓ channel · ←→ programme · CH+/CH- page · PREV/NEXT day · OK watch/remind · HELP keys · FAV favourite · SEARCH search · PIP picture · GUIDE list"), "\(text)")
        #expect(!text.contains("< >") && !text.contains("ENTER"))
        state.chrome.help = true
        func lines() -> [String] {
            ShellView.render(state, theme: .dark, width: 200, height: 60, context: ViewContext(picture: .terminal)).text()
                .split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        }
        #expect(lines().contains { $0.contains("PREV a day back") } && lines().contains { $0.contains("NEXT a day on") }, "\(lines())")
        state.chrome.keyLabels = .keyboard
        #expect(lines().contains { $0.contains("< a day back") } && !lines().contains { $0.contains(", a day back") }, "\(lines())")
        state.chrome.keyLabels = KeyLabels.remote(.standard)
        state.chrome.help = false
        state.guide.reminderDue = Reminder(channel: "docs", start: wall + 60, title: "Docs 9", channelName: "Docs")
        let due = ShellView.render(state, theme: .dark, width: 200, height: 60, context: ViewContext(picture: .terminal)).text()
        #expect(due.contains("OK watch · BACK dismiss"), "\(due)")
    }

    @Test("favourites first with their mark, a reminder's mark on its programme, the reminder's notice over the grid")
    func favouritesAndReminder() {
        var state = gridState(restricted: true)
        state.guide.favourites = ["kids"]
        let music = state.guide.programmes.programmes(for: "music").first { $0.start > wall }!
        state.guide.reminders = [Reminder(channel: "music", start: music.start, title: music.title, channelName: "Music")]
        state.guide.reminderDue = Reminder(channel: "docs", start: wall + 60, title: "Docs 9", channelName: "Docs")
        assertThemedSnapshots(state, named: "guide-grid-favourites") { screen, theme in
            let text = (0..<screen.height).map { y in String((0..<screen.width).map { screen[$0, y].character }) }.joined(separator: "\n")
            #expect(text.contains("Docs 9 on Docs") && text.contains("ENTER watch"), "the reminder is up in \(theme.name)")
            let rows = text.split(separator: "\n")
            #expect(rows.firstIndex { $0.contains("Kids") } ?? 99 < rows.firstIndex { $0.contains("News") } ?? -1, "Kids, a favourite, comes first")
        }
    }

    @Test("the search line over the guide: what was typed, the on-screen keyboard (its focused key highlighted while it has the focus), results by time with their channel, the focused one and what ENTER does")
    func search() {
        var state = gridState(restricted: true)
        let found = ["news", "sport", "docs"].compactMap { id in state.guide.programmes.programmes(for: id).first { $0.subtitle != nil } }
            .sorted { $0.start < $1.start }
        state.guide.search = GuideSearch(text: "return", results: found, resultsFor: "return", focus: 1, onKeyboard: false, key: 4)
        assertThemedSnapshots(state, named: "guide-search")
        state.guide.search = GuideSearch(text: "nothing", results: [], resultsFor: "nothing", key: 13)
        assertThemedSnapshots(state, named: "guide-search-empty") { screen, _ in
            let text = (0..<screen.height).map { y in String((0..<screen.width).map { screen[$0, y].character }) }.joined(separator: "\n")
            #expect(text.contains("Nothing in the lineup or the guide matches"))
            #expect(text.contains("abcdefghijklmnopqrstuvwxyz 0123456789  space"))
            #expect(screen[3 + 13, 4].character == "n" && screen[3 + 13, 4].style.bold, "n focused")
        }
        // Channels found by name come before the programmes, with what ENTER does.
        var names = GuideSearch(text: "s", results: found, resultsFor: "s", focus: 0, onKeyboard: false, key: 4)
        names.items = state.itemNames.matches("s", order: state.lineupIndex.listOrder, limit: 50)
        state.guide.search = names
        assertThemedSnapshots(state, named: "guide-search-names") { screen, _ in
            let text = (0..<screen.height).map { y in String((0..<screen.width).map { screen[$0, y].character }) }.joined(separator: "\n")
            let rows = text.split(separator: "\n").map(String.init)
            let channel = rows.firstIndex { $0.contains("Channel") }, programme = rows.firstIndex { $0.contains(found[0].title) }
            #expect(channel != nil && programme != nil && channel! < programme!, "names first\n\(text)")
            #expect(text.contains("watch"), "ENTER on a channel watches it\n\(text)")
        }
        // Numbers of different lengths, right-aligned: the names begin in one column.
        var numbered = state
        let sportIndex = numbered.items.firstIndex { $0.title == "Sport" }!
        numbered.items[sportIndex].number = 102
        var numberedSearch = GuideSearch(text: "s", results: found, resultsFor: "s", focus: 0, onKeyboard: false, key: 4)
        numberedSearch.items = numbered.itemNames.matches("s", order: numbered.lineupIndex.listOrder, limit: 50)
        numbered.guide.search = numberedSearch
        assertThemedSnapshots(numbered, named: "guide-search-numbers", sizes: [(80, 24)]) { screen, _ in
            let rows = (6..<screen.height - 3).map { y in String((0..<screen.width).map { screen[$0, y].character }) }
            let sport = rows.first { $0.contains("102 Sport") }, docs = rows.first { $0.contains("  6 Docs") }
            #expect(sport != nil && docs != nil, "\(rows)")
            #expect(sport?.range(of: "Sport").map { sport!.distance(from: sport!.startIndex, to: $0.lowerBound) }
                == docs?.range(of: "Docs").map { docs!.distance(from: docs!.startIndex, to: $0.lowerBound) }, "\(rows)")
        }
        state.guide.search = GuideSearch(text: "", key: OnScreenKey.all.count - 1)
        assertThemedSnapshots(state, named: "guide-search-keyboard", sizes: [(40, 12)]) { screen, _ in
            let text = (0..<screen.height).map { y in String((0..<screen.width).map { screen[$0, y].character }) }.joined(separator: "\n")
            #expect(text.contains("space") && (text.contains("⌫") || text.contains("del")), "narrow: the part around delete, focused")
        }
    }

    static func restricted() -> ShellState { gridState(restricted: true) }
    static func open() -> ShellState { gridState(restricted: false) }

    @Test("the line at now is never drawn into a title (not even a space of it); programmes over are dimmed, those on now are not")
    func nowLine() {
        let programmes = [
            Programme(channel: "life", start: half - 1800, stop: half - 600, title: "Gliders"),
            Programme(channel: "life", start: half - 600, stop: half + 3000, title: "The Garden of Eden"),
        ]
        let items = [MediaItem(id: "life", title: "Life", url: "http://live.test/life.m3u8", isLive: true, number: 1, guideID: "life")]
        var s = ShellState(items: items, guide: ProgrammeGuide(channels: [], programmes: programmes), restrictions: RestrictionsState(policy: RestrictionPolicy()))
        s.wallClock = wall
        s.navigation.destination = .guide
        s.guide.grid = GuideGrid(channel: 0, time: half + 3600, start: half - 1800)
        let theme = Theme.dark
        let screen = ShellView.render(s, theme: theme, width: 120, height: 40, context: ViewContext(picture: .terminal))
        let row = String((0..<120).map { screen[$0, 3].character })
        #expect(row.contains("The Garden of Eden"), "the title whole: \(row)")
        let header = String((0..<120).map { screen[$0, 1].character })
        let nowX = header.distance(from: header.startIndex, to: header.firstIndex(of: "▼")!)
        #expect(row.contains("Gliders") && screen[nowX, 3].character != "┊", "the now column falls in the title here: \(row)")
        let gliders = row.distance(from: row.startIndex, to: row.range(of: "Gliders")!.lowerBound)
        #expect(screen[gliders, 3].style.foreground == theme.secondaryText, "a programme over is dimmed")
        let garden = row.distance(from: row.startIndex, to: row.range(of: "Garden")!.lowerBound)
        #expect(screen[garden, 3].style.foreground == theme.text, "the one on now is not")
    }

    @Test("a tall screen with few channels: the details take the rows left (a third of the screen at most), with more of the summary and a larger preview, 16:9, no wider than two fifths")
    func tallScreen() throws {
        var s = gridState(restricted: false)
        var programmes = s.guide.programmes.allProgrammes
        for index in programmes.indices where programmes[index].channel == "films" {
            programmes[index].summary = String(repeating: "A long account of what happens in this film, scene by scene. ", count: 60)
        }
        s.guide.programmes = ProgrammeGuide(channels: [], programmes: programmes)
        var preview = PlaybackState()
        preview.phase = .playing
        preview.firstFramePresented = true
        s.picture.preview = PreviewState(index: 2, playback: preview)
        for (width, height, video, lines) in [(60, 18, VideoWindow(.preview, x: 40, y: 10, width: 18, height: 5), 2),
                                              (80, 24, VideoWindow(.preview, x: 53, y: 10, width: 25, height: 7), 4),
                                              (100, 60, VideoWindow(.preview, x: 58, y: 10, width: 40, height: 11), 16),
                                              (250, 70, VideoWindow(.preview, x: 169, y: 10, width: 79, height: 22), 19)] {
            let screen = ShellView.render(s, theme: .dark, width: width, height: height, context: ViewContext(picture: .terminal))
            #expect(screen.windows == [video], "\(width)×\(height)")
            // The details' rule at row 9 (six channels), then when, title, facts, and the summary.
            let text = (0..<height).map { y in String((0..<video.x - 1).map { screen[$0, y].character }).trimmingCharacters(in: .whitespaces) }
            #expect(text[13].hasPrefix("A long account") == true, "\(width)×\(height)\n\(screen.text())")
            let summary = text[13...].prefix { !$0.isEmpty }
            #expect(summary.count == lines, "\(width)×\(height): \(summary.count) lines of the summary\n\(screen.text())")
            #expect(text[(13 + lines)..<(height - 1)].allSatisfy { $0.isEmpty }, "\(width)×\(height): nothing below the details but the keys")
        }
    }
}
