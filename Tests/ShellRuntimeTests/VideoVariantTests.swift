import MPVClient
@testable import ShellRuntime
import Testing

@Suite("HLS variants")
struct VideoVariantTests {
    private func list(_ sizes: [(Int, Int)], albumArt: Bool = false) -> MPVNode {
        .array(sizes.enumerated().map { i, size in
            .map(["type": .string("video"), "id": .int(Int64(i + 1)), "demux-w": .int(Int64(size.0)), "demux-h": .int(Int64(size.1)),
                  "albumart": .flag(albumArt)])
        } + [.map(["type": .string("audio"), "id": .int(1)])])
    }

    @Test("the smallest variant that covers the picture wins; when none does, the largest")
    func choice() {
        let variants = VideoVariant.variants(in: list([(1920, 1080), (1280, 720), (640, 360), (320, 180)]), fileFormat: "hls")
        #expect(variants.count == 4)
        #expect(VideoVariant.choose(variants, for: (160, 96))?.width == 320)
        #expect(VideoVariant.choose(variants, for: (321, 181))?.width == 640, "320x180 falls short on both sides")
        #expect(VideoVariant.choose(variants, for: (1000, 150))?.width == 320, "a wide picture: the fitted height (150) decides")
        #expect(VideoVariant.choose(variants, for: (100, 400))?.width == 320, "a tall picture: the fitted width (100) decides")
        #expect(VideoVariant.choose(variants, for: (3840, 2160))?.width == 1920)
    }

    @Test("only an HLS stream's video tracks are variants, and only two or more")
    func onlyHLS() {
        #expect(VideoVariant.variants(in: list([(1280, 720), (320, 180)]), fileFormat: "mov,mp4,m4a,3gp,3g2,mj2").isEmpty)
        #expect(VideoVariant.variants(in: list([(1280, 720)]), fileFormat: "hls").isEmpty)
        #expect(VideoVariant.variants(in: list([(1280, 720), (320, 180)], albumArt: true), fileFormat: "hls").isEmpty)
    }
}
