import MPVClient
@testable import ShellRuntime
import Testing

@Suite("A picture stored turned")
struct PictureTurnTests {
    @Test("the filter turns clockwise by mpv's degrees; none for none")
    func filters() {
        #expect(MPVPlayer.rotationFilter(0) == nil)
        #expect(MPVPlayer.rotationFilter(360) == nil)
        #expect(MPVPlayer.rotationFilter(90) == "transpose=clock")
        #expect(MPVPlayer.rotationFilter(180) == "hflip,vflip")
        #expect(MPVPlayer.rotationFilter(270) == "transpose=cclock")
        #expect(MPVPlayer.rotationFilter(-90) == "transpose=cclock")
        let odd = MPVPlayer.rotationFilter(45) ?? ""
        #expect(odd.hasPrefix("rotate=0.785398") && odd.contains(":ow=rotw(0.785398") && odd.contains(":oh=roth(0.785398"), "\(odd)")
    }

    private func video(_ id: Int64, rotation: Int64?, selected: Bool = false, albumArt: Bool = false) -> MPVNode {
        var map: [String: MPVNode] = ["type": .string("video"), "id": .int(id), "selected": .flag(selected), "albumart": .flag(albumArt)]
        if let rotation { map["demux-rotation"] = .int(rotation) }
        return .map(map)
    }

    @Test("the file's turn is its selected picture's, else the one vid names, else the first that is not cover art; none when mpv tells none")
    func streamRotation() {
        let audio = MPVNode.map(["type": .string("audio"), "id": .int(1)])
        #expect(MPVPlayer.streamRotation(in: .array([audio, video(1, rotation: 90)]), vid: "auto") == 90)
        #expect(MPVPlayer.streamRotation(in: .array([video(1, rotation: nil)]), vid: "auto") == 0)
        #expect(MPVPlayer.streamRotation(in: .array([video(1, rotation: 90), video(2, rotation: 180, selected: true)]), vid: "1") == 180)
        #expect(MPVPlayer.streamRotation(in: .array([video(1, rotation: 90), video(2, rotation: 180)]), vid: "2") == 180)
        #expect(MPVPlayer.streamRotation(in: .array([video(1, rotation: 90, albumArt: true), video(2, rotation: 270)]), vid: "auto") == 270)
        #expect(MPVPlayer.streamRotation(in: .array([audio]), vid: "auto") == 0)
        #expect(MPVPlayer.streamRotation(in: .none, vid: nil) == 0)
    }

    @Test("subtitle tracks whose lines are pictures (PGS, DVD, DVB, teletext, XSUB) say so; text ones and other kinds do not")
    func pictureSubtitles() {
        let codecs = ["hdmv_pgs_subtitle", "dvd_subtitle", "dvb_subtitle", "dvb_teletext", "xsub", "subrip", "ass", "mov_text", "webvtt", "arib_caption"]
        let node = MPVNode.array(codecs.enumerated().map { i, codec in .map(["id": .int(Int64(i + 1)), "type": .string("sub"), "codec": .string(codec)]) }
            + [.map(["id": .int(1), "type": .string("video"), "codec": .string("hdmv_pgs_subtitle")])])
        #expect(MPVPlayer.tracks(node).map(\.pictures) == [true, true, true, true, true, false, false, false, false, false, false],
                "ARIB captions are text in Debian's libavcodec (libaribb24)")
    }
}
