import MediaModel
import Testing

@Suite("A track's label in the menus")
struct TrackLabelTests {
    @Test("the language's name over its code; a title with it in brackets; a title that only repeats the language is said once; the code where no name is known")
    func labels() {
        #expect(Track(id: 1, kind: .subtitle, language: "eng", languageName: "English").label == "English")
        #expect(Track(id: 1, kind: .audio, title: "Commentary", language: "eng", languageName: "English").label == "Commentary (English)")
        #expect(Track(id: 1, kind: .subtitle, title: "English", language: "eng", languageName: "English").label == "English")
        #expect(Track(id: 1, kind: .subtitle, title: "ENG", language: "eng", languageName: "English").label == "English")
        #expect(Track(id: 1, kind: .subtitle, title: "SDH", language: "qaa").label == "SDH (qaa)")
        #expect(Track(id: 1, kind: .subtitle, language: "qaa").label == "qaa")
        #expect(Track(id: 1, kind: .audio, title: "Stereo").label == "Stereo")
        #expect(Track(id: 3, kind: .audio).label == "Track 3")
    }

    @Test("a code that names no language (undetermined, no speech) is not shown: the title, else the track's number")
    func noLanguage() {
        #expect(Track(id: 2, kind: .audio, language: "und").label == "Track 2")
        #expect(Track(id: 2, kind: .audio, title: "Stereo", language: "UND").label == "Stereo")
        #expect(Track(id: 4, kind: .audio, language: "zxx").label == "Track 4")
        #expect(Track.namesNoLanguage("mis") && !Track.namesNoLanguage("eng"))
    }

    @Test("forced and hard-of-hearing flags are said after the name, not again where the title says them")
    func flags() {
        #expect(Track(id: 1, kind: .subtitle, language: "eng", languageName: "English", forced: true).label == "English (forced)")
        #expect(Track(id: 2, kind: .subtitle, language: "eng", languageName: "English", hearingImpaired: true).label == "English SDH")
        #expect(Track(id: 3, kind: .subtitle, title: "SDH", language: "eng", languageName: "English", hearingImpaired: true).label == "SDH (English)")
        #expect(Track(id: 4, kind: .subtitle, title: "Forced", language: "eng", languageName: "English", forced: true).label == "Forced (English)")
        #expect(Track(id: 5, kind: .subtitle, forced: true).label == "Track 5 (forced)")
    }

    @Test("an audio track in 5.1 or 7.1 says so, unless its title does; stereo, mono and subtitles say nothing of channels")
    func surround() {
        #expect(Track(id: 1, kind: .audio, language: "eng", languageName: "English", channels: 6).label == "English 5.1")
        #expect(Track(id: 2, kind: .audio, language: "eng", languageName: "English", channels: 2).label == "English")
        #expect(Track(id: 3, kind: .audio, channels: 8).label == "Track 3 7.1")
        #expect(Track(id: 4, kind: .audio, title: "Surround 5.1", language: "eng", languageName: "English", channels: 6).label == "Surround 5.1 (English)")
        #expect(Track(id: 5, kind: .audio, channels: 1).label == "Track 5")
        #expect(Track(id: 6, kind: .subtitle, channels: 6).label == "Track 6")
    }
}
