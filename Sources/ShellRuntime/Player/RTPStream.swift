/// An `rtp://` address, as ISPs' IPTV lists give their channels
/// (`rtp://@239.0.0.1:5000`: MPEG-TS in RTP over multicast): libmpv reads
/// such an address as bytes, through FFmpeg's `rtp` protocol, and
/// recognizes no format in them (an RTP header before each packet);
/// FFmpeg's RTP demuxer reads it when it is named. Pure; any thread.
enum RTPStream {
    /// The per-file options a load of `url` needs to be read as RTP (none
    /// for any other address).
    static func options(for url: String) -> [String: String] {
        url.prefix(6).lowercased() == "rtp://" ? ["demuxer-lavf-format": "rtp"] : [:]
    }
}
