import MPVClient
@testable import ShellRuntime
import Testing

@Suite("Decode threads")
struct DecodeThreadsTests {
    private func track(_ id: Int, _ w: Int?, _ h: Int?, selected: Bool = false, albumArt: Bool = false) -> MPVNode {
        var map: [String: MPVNode] = ["type": .string("video"), "id": .int(Int64(id)), "selected": .flag(selected), "albumart": .flag(albumArt)]
        if let w, let h {
            map["demux-w"] = .int(Int64(w))
            map["demux-h"] = .int(Int64(h))
        }
        return .map(map)
    }

    @Test("one thread up to 1080p, libavcodec's choice above it and when the size is unknown")
    func bySize() {
        #expect(DecodeThreads.option(trackList: .array([track(1, 1280, 720, selected: true)]), chosen: nil) == "1")
        #expect(DecodeThreads.option(trackList: .array([track(1, 1920, 1080, selected: true)]), chosen: nil) == "1")
        #expect(DecodeThreads.option(trackList: .array([track(1, 3840, 2160, selected: true)]), chosen: nil) == "0")
        #expect(DecodeThreads.option(trackList: .array([track(1, nil, nil, selected: true)]), chosen: nil) == "0")
        #expect(DecodeThreads.option(trackList: .array([]), chosen: nil) == "0")
    }

    @Test("the selected track decides, else the largest; cover art is not the video")
    func whichTrack() {
        let list: MPVNode = .array([track(1, 3840, 2160), track(2, 640, 360, selected: true), .map(["type": .string("audio"), "id": .int(1)])])
        #expect(DecodeThreads.option(trackList: list, chosen: nil) == "1")
        #expect(DecodeThreads.option(trackList: .array([track(1, 640, 360), track(2, 3840, 2160)]), chosen: nil) == "0")
        #expect(DecodeThreads.option(trackList: .array([track(1, 3840, 2160, albumArt: true), track(2, 640, 360)]), chosen: nil) == "1")
    }

    @Test("an HLS variant chosen at the hook decides over the track list")
    func chosenVariant() {
        let list: MPVNode = .array([track(1, 3840, 2160, selected: true), track(2, 320, 180)])
        #expect(DecodeThreads.option(trackList: list, chosen: VideoVariant(id: 2, width: 320, height: 180)) == "1")
    }
}
