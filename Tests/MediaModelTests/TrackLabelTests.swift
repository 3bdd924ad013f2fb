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
}
