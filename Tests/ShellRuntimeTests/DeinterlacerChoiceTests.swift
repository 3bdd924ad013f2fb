@testable import ShellRuntime
import Testing

@Suite("Which players deinterlace by themselves")
struct DeinterlacerChoiceTests {
    @Test("on the TV, unless the user set deinterlace or decodes in hardware; never in the terminal or mpv's own window")
    func choice() {
        #expect(MPVPlayer.deinterlacesByItself(video: .tv, options: []))
        #expect(MPVPlayer.deinterlacesByItself(video: .tv, options: [("hwdec", "no"), ("ao", "alsa")]))
        #expect(!MPVPlayer.deinterlacesByItself(video: .tv, options: [("deinterlace", "no")]), "the user's choice stands")
        #expect(!MPVPlayer.deinterlacesByItself(video: .tv, options: [("deinterlace", "yes")]))
        #expect(!MPVPlayer.deinterlacesByItself(video: .tv, options: [("hwdec", "vaapi")]), "a software filter cannot take hardware frames")
        #expect(MPVPlayer.deinterlacesByItself(video: .tv, options: [("hwdec", "vaapi"), ("hwdec", "no")]), "the last one given counts")
        #expect(!MPVPlayer.deinterlacesByItself(video: .terminal, options: []))
        #expect(!MPVPlayer.deinterlacesByItself(video: .window, options: []))
        #expect(!MPVPlayer.deinterlacesByItself(video: .none, options: []))
        #expect(MPVPlayer.deinterlaceFilter.hasPrefix("bwdif=") && MPVPlayer.deinterlaceFilter.contains("deint=interlaced"))
    }
}
