import MediaModel

/// The guide's search line: `/` opens it over the guide; typed text finds
/// the lineup's channels and films by name at once (`ItemNameIndex`), and
/// asks the runtime to search the stored guide, else the one held
/// (`Effect.searchGuide`), whose results come back as
/// `Action.guideSearchResults` (only the answer to the text shown is kept),
/// listed after the names; UP/DOWN move through them; ENTER plays a channel
/// or film found by name, tunes to a programme on now, sets a reminder on a
/// future one, plays a past one from the archive;
/// a remote's number keys type digits (a channel's number: ENTER then tunes
/// it); ESC (or the remote's guide key)
/// closes the line. A remote types letters on the on-screen keyboard, which
/// has the focus when the line opens: LEFT/RIGHT move along it, ENTER types
/// the key, DOWN goes to the results, UP from the first result back to it;
/// a keyboard's typing gives the focus to the results (ENTER then chooses
/// the first, as before). Pure.
enum GuideSearchReducer {
    /// Opens the search line (on the guide, from the home screen or guide).
    /// Without a guide, stored or held (the demo's), it finds names only.
    static func open(_ state: inout ShellState) -> [Effect] {
        guard state.screen == .home || state.screen == .guide, !state.items.isEmpty else { return [] }
        NavigationReducer.go(&state, to: .guide)
        state.guide.search = GuideSearch()
        return []
    }

    /// Text typed on a keyboard: the results get the focus.
    static func typed(_ state: inout ShellState, _ edit: SearchEdit) -> [Effect] {
        guard state.guide.search != nil, state.screen == .guide else { return [] }
        state.guide.search?.onKeyboard = false
        return Self.edit(&state, edit)
    }

    static func edit(_ state: inout ShellState, _ edit: SearchEdit) -> [Effect] {
        guard var search = state.guide.search, state.screen == .guide else { return [] }
        switch edit {
        case .insert(let text):
            guard search.text.count + text.count <= 64 else { return [] }
            search.text += text
        case .deleteBackward:
            guard !search.text.isEmpty else { return [] }
            search.text.removeLast()
        }
        search.focus = 0
        search.items = state.itemNames.matches(search.text, order: state.lineupIndex.listOrder, limit: state.settings.searchLimit)
        if search.text.allSatisfy(\.isWhitespace) || !hasGuide(state) {
            search.results = []
            search.resultsFor = search.text
            state.guide.search = search
            return []
        }
        state.guide.search = search
        return [.searchGuide(search.text, from: state.wallClock, limit: state.settings.searchLimit)]
    }

    /// Whether there is a guide to search, stored or held.
    static func hasGuide(_ state: ShellState) -> Bool {
        state.guide.status != nil || !state.guide.programmes.isEmpty
    }

    /// The store's answer for `text`.
    static func results(_ state: inout ShellState, text: String, _ programmes: [Programme]) -> [Effect] {
        guard var search = state.guide.search, search.text == text else { return [] }
        search.results = state.searchResults(programmes)
        search.resultsFor = text
        search.focus = min(search.focus, max(0, search.count - 1))
        state.guide.search = search
        return []
    }

    /// The clock moved on: programmes of the results that ended since, on
    /// channels without catch-up, go (the search finds only programmes not
    /// yet ended, and ENTER could do nothing with them); an ended one on a
    /// channel with catch-up stays, to be played from the archive. The
    /// focused row stays on its programme, which stays too until the focus
    /// leaves it (a key pressed as it ends acts on what the viewer chose,
    /// not on the row after it).
    static func clockMoved(_ state: inout ShellState) -> [Effect] {
        guard var search = state.guide.search, !search.results.isEmpty else { return [] }
        let focused = search.onKeyboard ? nil : search.focus - search.items.count
        let kept = search.results.indices.filter { index in
            index == focused || !state.hasEndedWithoutArchive(search.results[index])
        }
        guard kept.count < search.results.count else { return [] }
        if !search.onKeyboard, let focused, focused > 0 {
            search.focus -= (0..<min(focused, search.results.count)).count { !kept.contains($0) }
        }
        search.results = kept.map { search.results[$0] }
        search.focus = min(search.focus, max(0, search.count - 1))
        state.guide.search = search
        return []
    }

    /// A command while the search line is up; nil when it is not.
    static func reduceCommand(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect]? {
        guard state.screen == .guide, var search = state.guide.search else { return nil }
        switch command {
        case .left, .right:
            if search.onKeyboard { search.key = min(max(0, search.key + (command == .left ? -1 : 1)), OnScreenKey.all.count - 1) }
            search.onKeyboard = true
            state.guide.search = search
            return []
        case .down where search.onKeyboard:
            guard search.count > 0 else { return [] }
            search.onKeyboard = false
            search.focus = 0
            state.guide.search = search
            return []
        case .up where !search.onKeyboard && (search.focus == 0 || search.count == 0):
            search.onKeyboard = true
            state.guide.search = search
            return []
        case .up, .down:
            guard !search.onKeyboard, search.count > 0 else { return [] }
            search.focus = min(max(0, search.focus + (command == .up ? -1 : 1)), search.count - 1)
            state.guide.search = search
            return []
        case .select where search.onKeyboard:
            return edit(&state, OnScreenKey.all[min(max(0, search.key), OnScreenKey.all.count - 1)].edit)
        case .select:
            switch search.entry(search.focus) {
            case .item(let index)?:
                guard state.items.indices.contains(index) else { return [] }
                state.guide.search = nil
                state.navigation.homeSelection = index
                state.navigation.homeInContinue = false
                return PlaybackReducer.play(&state, index: index, now: now)
            case .programme(let programme)?:
                guard let index = state.itemIndex(guideChannel: programme.channel) else { return [] }
                return ProgrammeChoice.choose(&state, index: index, programme: programme,
                                              start: programme.start, stop: programme.stop ?? programme.start + 1800, now: now)
            case nil:
                return []
            }
        case .menu, .search, .guide:
            state.guide.search = nil
            return []
        case .digit(let digit):
            // A remote's number keys type into the line as a keyboard's do,
            // and give the focus to the results: ENTER then tunes the
            // channel with that number, found first.
            return typed(&state, .insert(String(digit)))
        default:
            return []
        }
    }
}

extension ShellState {
    /// Whether `programme` ended by `wallClock` on a channel without
    /// catch-up: there is nothing left to do with it.
    func hasEndedWithoutArchive(_ programme: Programme) -> Bool {
        guard (programme.stop ?? .infinity) <= wallClock else { return false }
        return itemIndex(guideChannel: programme.channel).map { items[$0].catchup == nil } ?? true
    }

    /// What a guide search may show of the store's answer: programmes of
    /// this lineup's channels, restricted ones left out (a masked result
    /// would still tell that its hidden title matched).
    public func searchResults(_ programmes: [Programme]) -> [Programme] {
        programmes.filter { programme in
            guard let index = itemIndex(guideChannel: programme.channel) else { return false }
            return shown(programme, on: items[index]) == programme
        }
    }
}
