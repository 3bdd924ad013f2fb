import MediaModel
import ShellCore
import ShellTesting
import Testing

private let english = Track(id: 1, kind: .subtitle, language: "en", languageName: "English", selected: true)
private let french = Track(id: 2, kind: .subtitle, language: "fr", languageName: "French")
private let firstTracks = [
    Track(id: 1, kind: .video, selected: true),
    Track(id: 1, kind: .audio, language: "eng", languageName: "English", selected: true),
    Track(id: 2, kind: .audio, language: "fre", languageName: "French"),
    english, french,
]

/// `film` playing with `tracks` listed.
private func playing(_ tracks: [Track] = firstTracks) -> ReducerHarness {
    let h = playingFilm()
    h.send(.player(.tracks(tracks), token: 1, at: h.clock.now)) { $0.playback.tracks = tracks }
    return h
}

/// Chooses the `item`th of the info panel's `tab` (0: Off, for subtitles),
/// as the viewer does, and closes the panel.
private func choose(_ h: ReducerHarness, _ tab: InfoTab, item: Int) {
    let tabs = tab == .subtitles ? 1 : 2
    // Into the items the focus is on the current one: LEFT to the first.
    let keys = [RemoteCommand.down] + Array(repeating: .right, count: tabs) + [.down] + Array(repeating: .left, count: 8)
        + Array(repeating: .right, count: item) + [.select, .menu]
    for key in keys {
        h.apply(.command(key, at: h.clock.now))
    }
}

/// `second` loading after `h`'s film, until it plays with `tracks` listed
/// while it loaded: the effects of its start.
@discardableResult
private func playSecond(_ h: ReducerHarness, tracks: [Track]) -> [Effect] {
    h.apply(.playIndex(1, at: h.clock.now))
    let token = h.state.playback.token
    h.apply(.player(.started, token: token, at: h.clock.now))
    let listed = h.apply(.player(.tracks(tracks), token: token, at: h.clock.now))
    #expect(!listed.contains { if case .selectTrack = $0 { true } else { false } }, "not while the player still makes its own choice")
    return h.apply(.player(.playing, token: token, at: h.clock.now))
}

/// States the timers left armed: what the tests here check is the tracks.
private func end(_ h: ReducerHarness) {
    h.expectArmed(h.armedTimers)
}

private func selected(_ h: ReducerHarness, _ kind: Track.Kind) -> [Int] {
    h.state.playback.tracks.filter { $0.kind == kind && $0.selected }.map(\.id)
}

@Suite("The viewer's subtitles and audio carried to what plays next")
struct TrackChoiceTests {
    @Test("French subtitles chosen in one film are chosen in the next, whatever code it gives French; once per load, so a later change stands")
    func subtitlesCarried() {
        let h = playing()
        for key in [RemoteCommand.down, .right, .down] { h.apply(.command(key, at: h.clock.now)) }
        #expect(h.state.chrome.infoTab == .subtitles && OverlayModel.infoItems(h.state).map(\.title) == ["Off", "English", "French"])
        h.press(.right) { $0.chrome.overlayFocus += 1 }
        let french = TrackChoice(subtitles: .language("French", forced: false, hearingImpaired: false))
        h.press(.select, effects: [.selectTrack(.subtitle, 2), .keepTrackChoice(french)]) {
            $0.playback.tracks[3].selected = false
            $0.playback.tracks[4].selected = true
            $0.trackChoice.subtitles = .language("French", forced: false, hearingImpaired: false)
        }
        let next = [Track(id: 1, kind: .audio, selected: true), Track(id: 1, kind: .subtitle, language: "eng", languageName: "English", selected: true),
                    Track(id: 2, kind: .subtitle, language: "fra", languageName: "French")]
        let effects = playSecond(h, tracks: next)
        #expect(effects.filter { if case .selectTrack = $0 { true } else { false } } == [.selectTrack(.subtitle, 2)])
        #expect(selected(h, .subtitle) == [2] && h.state.playback.tracksChosen == [.subtitle])
        // The same list again (mpv lists on every change) chooses nothing more.
        #expect(h.apply(.player(.tracks(h.state.playback.tracks), token: h.state.playback.token, at: h.clock.now)).isEmpty)
        // French chosen again: nothing new to keep for the next start.
        for key in [RemoteCommand.down, .right, .down] { h.apply(.command(key, at: h.clock.now)) }
        h.press(.select, effects: [.selectTrack(.subtitle, 2)])
        end(h)
    }

    @Test("subtitles turned off stay off in the next film, which the player had given some")
    func offCarried() {
        let h = playing()
        choose(h, .subtitles, item: 0)
        #expect(h.state.trackChoice.subtitles == .off && selected(h, .subtitle).isEmpty)
        let effects = playSecond(h, tracks: [Track(id: 1, kind: .subtitle, title: "External", selected: true)])
        #expect(effects.contains(.selectTrack(.subtitle, nil)) && selected(h, .subtitle).isEmpty)
        end(h)
    }

    @Test("a language the next film lacks leaves the player's choice; a track that names no language is not remembered")
    func missingLanguage() {
        let h = playing([Track(id: 1, kind: .audio, selected: true), Track(id: 3, kind: .subtitle, language: "ger", languageName: "German")])
        choose(h, .subtitles, item: 1)
        #expect(h.state.trackChoice.subtitles == .language("German", forced: false, hearingImpaired: false))
        let effects = playSecond(h, tracks: [english, french])
        #expect(!effects.contains { if case .selectTrack = $0 { true } else { false } } && selected(h, .subtitle) == [1])

        let unnamed = playing([Track(id: 8, kind: .audio, language: "und"), Track(id: 9, kind: .audio), Track(id: 7, kind: .subtitle, title: "External")])
        choose(unnamed, .subtitles, item: 1)
        choose(unnamed, .audio, item: 1)
        #expect(selected(unnamed, .subtitle) == [7] && selected(unnamed, .audio) == [9])
        #expect(unnamed.state.trackChoice == TrackChoice())
        end(h)
        end(unnamed)
    }

    @Test("forced and hard-of-hearing subtitles: the track with the same flags is chosen among those of the language")
    func flagsPreferred() {
        let h = playing([Track(id: 4, kind: .subtitle, language: "en", languageName: "English", hearingImpaired: true)])
        choose(h, .subtitles, item: 1)
        #expect(h.state.trackChoice.subtitles == .language("English", forced: false, hearingImpaired: true))
        let tracks = [Track(id: 1, kind: .subtitle, language: "eng", languageName: "English", selected: true, forced: true),
                      Track(id: 2, kind: .subtitle, language: "eng", languageName: "English"),
                      Track(id: 3, kind: .subtitle, language: "eng", languageName: "English", hearingImpaired: true)]
        #expect(playSecond(h, tracks: tracks).contains(.selectTrack(.subtitle, 3)))
        choose(h, .subtitles, item: 2)
        #expect(h.state.trackChoice.subtitles == .language("English", forced: false, hearingImpaired: false) && selected(h, .subtitle) == [2])
        h.apply(.playIndex(0, at: h.clock.now))
        let token = h.state.playback.token
        h.apply(.player(.started, token: token, at: h.clock.now))
        h.apply(.player(.tracks([tracks[0], tracks[2]]), token: token, at: h.clock.now))
        #expect(h.apply(.player(.playing, token: token, at: h.clock.now)).contains(.selectTrack(.subtitle, 3)),
                "without plain English, not the forced one, which shows only the foreign lines")
        end(h)
    }

    @Test("an audio language chosen is chosen in the next load that has it; of two in that language, the one in the layout chosen (5.1)")
    func audioCarried() {
        let h = playing()
        choose(h, .audio, item: 1)
        #expect(h.state.trackChoice == TrackChoice(audio: "French") && selected(h, .audio) == [2])
        let effects = playSecond(h, tracks: [Track(id: 1, kind: .audio, language: "fre", languageName: "French"),
                                             Track(id: 2, kind: .audio, language: "eng", languageName: "English", selected: true)])
        #expect(effects.contains(.selectTrack(.audio, 1)) && selected(h, .audio) == [1] && h.state.playback.tracksChosen == [.audio])

        // English in 5.1 chosen: of two English tracks, the 5.1 one.
        let surround = playing([Track(id: 1, kind: .audio, language: "eng", languageName: "English", selected: true, channels: 2),
                                Track(id: 2, kind: .audio, language: "eng", languageName: "English", channels: 6)])
        choose(surround, .audio, item: 1)
        #expect(surround.state.trackChoice == TrackChoice(audio: "English", audioChannels: 6))
        #expect(playSecond(surround, tracks: [Track(id: 1, kind: .audio, language: "en", languageName: "English", selected: true, channels: 2),
                                              Track(id: 2, kind: .audio, language: "de", languageName: "German", channels: 6),
                                              Track(id: 3, kind: .audio, language: "en", languageName: "English", channels: 6)])
                .contains(.selectTrack(.audio, 3)))
        end(surround)
        end(h)
    }

    @Test("audio description chosen is chosen on the next load that has it in that language; the plain track chosen, the plain one stays, though the described one comes first")
    func audioDescriptionCarried() {
        let h = playing([Track(id: 1, kind: .audio, language: "deu", languageName: "German", selected: true),
                         Track(id: 2, kind: .audio, language: "deu", languageName: "German", audioDescription: true)])
        choose(h, .audio, item: 1)
        #expect(h.state.trackChoice == TrackChoice(audio: "German", audioDescription: true) && selected(h, .audio) == [2])
        let effects = playSecond(h, tracks: [Track(id: 1, kind: .audio, language: "ger", languageName: "German", selected: true),
                                             Track(id: 2, kind: .audio, language: "eng", languageName: "English"),
                                             Track(id: 3, kind: .audio, language: "ger", languageName: "German", audioDescription: true)])
        #expect(effects.contains(.selectTrack(.audio, 3)) && selected(h, .audio) == [3])
        end(h)

        let plain = playing([Track(id: 1, kind: .audio, language: "deu", languageName: "German", selected: true, audioDescription: true),
                             Track(id: 2, kind: .audio, language: "deu", languageName: "German")])
        choose(plain, .audio, item: 1)
        #expect(plain.state.trackChoice == TrackChoice(audio: "German") && selected(plain, .audio) == [2])
        #expect(playSecond(plain, tracks: [Track(id: 1, kind: .audio, language: "deu", languageName: "German", selected: true, audioDescription: true),
                                           Track(id: 2, kind: .audio, language: "deu", languageName: "German")])
                .contains(.selectTrack(.audio, 2)))
        end(plain)
    }

    @Test("a track's language for matching: the name where known, else the code; none for undetermined")
    func language() {
        #expect(TrackChoice.language(of: Track(id: 1, kind: .audio, language: "fre", languageName: "French")) == "French")
        #expect(TrackChoice.language(of: Track(id: 1, kind: .audio, language: "QAA")) == "qaa")
        #expect(TrackChoice.language(of: Track(id: 1, kind: .audio, language: "und")) == nil)
        #expect(TrackChoice.language(of: Track(id: 1, kind: .audio)) == nil)
    }
}
