@testable import ShellRuntime
import Testing

@Suite("Multicast addresses as ISPs' lists give them, as FFmpeg reads them")
struct MulticastAddressTests {
    @Test("an rtp:// address is read by FFmpeg's RTP demuxer; any other by what mpv recognizes")
    func rtp() {
        #expect(MulticastAddress.loadOptions(for: "rtp://@239.0.0.1:5000") == ["demuxer-lavf-format": "rtp"])
        #expect(MulticastAddress.loadOptions(for: "RTP://@239.0.0.1:5000") == ["demuxer-lavf-format": "rtp"])
        #expect(MulticastAddress.loadOptions(for: "udp://@239.0.0.1:5000") == [:])
        #expect(MulticastAddress.loadOptions(for: "rtsp://cam.local/stream") == [:])
        #expect(MulticastAddress.loadOptions(for: "/media/rtp://x.ts") == [:])
    }

    @Test("VLC's SOURCE@GROUP (a source-specific group) names its source as FFmpeg's sources option; other addresses are kept", arguments: [
        ("rtp://87.141.215.251@232.0.20.35:10000", "rtp://232.0.20.35:10000?sources=87.141.215.251"),
        ("udp://10.0.0.1@232.1.1.1:5000?localaddr=10.0.0.2", "udp://232.1.1.1:5000?localaddr=10.0.0.2&sources=10.0.0.1"),
        ("RTP://10.0.0.1@232.1.1.1:5000/#x", "RTP://232.1.1.1:5000/?sources=10.0.0.1#x"),
        ("rtp://@239.0.0.1:5000", "rtp://@239.0.0.1:5000"),
        ("udp://239.0.0.1:5000", "udp://239.0.0.1:5000"),
        ("rtp://user@239.0.0.1:5000", "rtp://user@239.0.0.1:5000"),
        ("rtp://10.0.0.256@232.1.1.1:5000", "rtp://10.0.0.256@232.1.1.1:5000"),
        ("http://10.0.0.1@232.1.1.1:5000/x", "http://10.0.0.1@232.1.1.1:5000/x"),
        ("http://box:4022/udp/10.0.0.1@232.1.1.1:5000", "http://box:4022/udp/10.0.0.1@232.1.1.1:5000"),
    ])
    func sourceSpecific(_ address: String, _ read: String) {
        #expect(MulticastAddress.forFFmpeg(address) == read)
    }
}
