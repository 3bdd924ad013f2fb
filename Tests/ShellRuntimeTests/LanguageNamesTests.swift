import MPVClient
@testable import ShellRuntime
import Testing

@Suite("Language names for the track menus")
struct LanguageNamesTests {
    @Test("ISO 639-1, 639-2/B and /T codes as files give them are named in English; a region is ignored; unknown or empty codes have no name")
    func names() {
        #expect(["eng", "en", "ger", "deu", "fre", "fra", "dut", "spa", "jpn", "pt-BR"].map(LanguageNames.name)
            == ["English", "English", "German", "German", "French", "French", "Dutch", "Spanish", "Japanese", "Portuguese"])
        #expect(LanguageNames.name("qrs") == nil, "a code for local use that no broadcaster gives a meaning")
        #expect(LanguageNames.name("und") == nil, "ICU's \"Unknown language\" is no language to choose")
        #expect(LanguageNames.name("zxx") == nil)
        #expect(LanguageNames.name("xyz") == nil)
        #expect(LanguageNames.name("") == nil)
        #expect(LanguageNames.name(nil) == nil)
        #expect(LanguageNames.name(String(repeating: "a", count: 4000)) == nil)
    }

    @Test("a broadcaster's codes for a soundtrack that is no one language are named by what it is: the original soundtrack beside a dub, audio description")
    func broadcastCodes() {
        #expect(["qaa", "QAA", "qad", "nar", "NAR", "mul"].map(LanguageNames.name)
            == ["Original language", "Original language", "Audio description", "Audio description", "Audio description", "Multiple languages"])
        let node = MPVNode.array([
            .map(["id": .int(1), "type": .string("audio"), "lang": .string("deu"), "selected": .flag(true)]),
            .map(["id": .int(2), "type": .string("audio"), "lang": .string("qaa")]),
            .map(["id": .int(3), "type": .string("audio"), "lang": .string("qad"), "demux-channel-count": .int(2)]),
        ])
        #expect(MPVPlayer.tracks(node).map(\.label) == ["German", "Original language", "Audio description"])

        // libmpv 0.35 titles a track flagged for the blind (a DVB broadcast's
        // supplementary audio) or for the deaf by its flag; later ones give the flag.
        let flagged = MPVPlayer.tracks(.array([
            .map(["id": .int(1), "type": .string("audio"), "lang": .string("deu"), "title": .string("visual impaired")]),
            .map(["id": .int(2), "type": .string("audio"), "lang": .string("eng"), "visual-impaired": .flag(true)]),
            .map(["id": .int(3), "type": .string("audio"), "title": .string("visual impaired")]),
            .map(["id": .int(4), "type": .string("sub"), "lang": .string("deu"), "title": .string("hearing impaired")]),
        ]))
        #expect(flagged.map(\.label) == ["German (audio description)", "English (audio description)", "Track 3 (audio description)", "German SDH"])
        #expect(flagged.map(\.audioDescription) == [true, true, true, false] && flagged.map(\.title) == [nil, nil, nil, nil])
    }

    @Test("mpv's track list becomes tracks with the language's name beside its code")
    func fromTrackList() {
        let node = MPVNode.array([
            .map(["id": .int(1), "type": .string("sub"), "lang": .string("eng"), "selected": .flag(true)]),
            .map(["id": .int(2), "type": .string("audio"), "lang": .string("ger"), "title": .string("Stereo")]),
            .map(["id": .int(3), "type": .string("audio"), "demux-channel-count": .int(6)]),
        ])
        let tracks = MPVPlayer.tracks(node)
        #expect(tracks.map(\.label) == ["English", "Stereo (German)", "Track 3 5.1"])
        #expect(tracks.map(\.language) == ["eng", "ger", nil], "the code is kept, for choosing subtitles by language")
    }

    @Test("a film's subtitle file is named by its language, not by the file's name mpv gives it as title; one with none is \"External\"; flags are kept")
    func sidecarFiles() {
        let node = MPVNode.array([
            .map(["id": .int(1), "type": .string("sub"), "title": .string("Film.en.srt"), "lang": .string("en"), "external": .flag(true),
                  "external-filename": .string("/films/Film.en.srt")]),
            .map(["id": .int(2), "type": .string("sub"), "title": .string("Film.srt"), "external": .flag(true),
                  "external-filename": .string("/films/Film.srt")]),
            .map(["id": .int(3), "type": .string("sub"), "title": .string("Signs"), "lang": .string("eng"), "external": .flag(true),
                  "external-filename": .string("/films/Film.signs.ass"), "forced": .flag(true)]),
            .map(["id": .int(4), "type": .string("sub"), "title": .string("Film.en.srt"), "lang": .string("eng"), "hearing-impaired": .flag(true)]),
        ])
        let tracks = MPVPlayer.tracks(node)
        #expect(tracks.map(\.label) == ["English", "External", "Signs (English) (forced)", "Film.en.srt (English) SDH"],
                "a title inside the file (not a sidecar's name) stays")
    }
}
