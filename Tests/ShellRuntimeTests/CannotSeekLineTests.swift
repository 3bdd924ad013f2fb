@testable import ShellRuntime
import Testing

@Suite("libmpv's log lines that say a stream cannot seek")
struct CannotSeekLineTests {
    @Test("libmpv 0.35's lines for a server that sends only whole files are read as the stream's not seeking; others are not")
    func lines() {
        #expect(MPVPlayer.cannotSeek("Cannot seek backward in linear streams!"))
        #expect(MPVPlayer.cannotSeek("Cannot seek in this stream."))
        #expect(!MPVPlayer.cannotSeek("You can force it with '--force-seekable=yes'."))
        #expect(!MPVPlayer.cannotSeek("mov,mp4,m4a,3gp,3g2,mj2: stream 1, offset 0x30: partial file"))
        #expect(MPVPlayer.cannotSeek("Cannot seek backward in linear streams!", from: "stream"))
    }

    @Test("a disc's navigation says it of its bytes as it opens (libdvdnav, measured), and seeks by time: its line is not read so")
    func discs() {
        for prefix in ["dvdnav", "ifo_dvdnav", "bd", "bdnav", "bdmv/bluray"] {
            #expect(!MPVPlayer.cannotSeek("Cannot seek backward in linear streams!", from: prefix), "\(prefix)")
        }
    }
}
