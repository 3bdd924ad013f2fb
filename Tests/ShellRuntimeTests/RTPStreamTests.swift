@testable import ShellRuntime
import Testing

@Suite("rtp:// channels read as RTP")
struct RTPStreamTests {
    @Test("an rtp:// address is read by FFmpeg's RTP demuxer; any other by what mpv recognizes")
    func rtp() {
        #expect(RTPStream.options(for: "rtp://@239.0.0.1:5000") == ["demuxer-lavf-format": "rtp"])
        #expect(RTPStream.options(for: "RTP://@239.0.0.1:5000") == ["demuxer-lavf-format": "rtp"])
        #expect(RTPStream.options(for: "udp://@239.0.0.1:5000") == [:])
        #expect(RTPStream.options(for: "rtsp://cam.local/stream") == [:])
        #expect(RTPStream.options(for: "/media/rtp://x.ts") == [:])
    }
}
