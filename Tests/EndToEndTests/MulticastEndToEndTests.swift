import Foundation
import ShellTesting
import Testing

/// Channels as ISPs send IPTV — MPEG-TS to a multicast group, in RTP or
/// bare over UDP — through the real binary and a real sender (ffmpeg), the
/// packets kept on the loopback interface.
@Suite("Multicast IPTV channels, end to end", .serialized)
struct MulticastEndToEndTests {
    @Test("an rtp:// multicast channel plays (libmpv alone: 'unrecognized file format'), warm as a neighbour too; a udp:// one beside it; a decoder's complaints on joining between key frames are logged once, not per frame")
    func rtpAndUDP() throws {
        let rtp = try MulticastStream(rtp: true)
        defer { rtp.stop() }
        let udp = try MulticastStream(rtp: false)
        defer { udp.stop() }
        let dir = TVShellBinary.scratchDirectory("multicast")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("isp.m3u")
        try """
        #EXTM3U
        #EXTINF:-1 tvg-id="one" tvg-chno="1",RTP One
        \(rtp.url)
        #EXTINF:-1 tvg-id="two" tvg-chno="2",UDP Two
        \(udp.url)

        """.write(to: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path])

        let first = try shell.ipc.waitForState(timeout: 20) {
            $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 || $0["error"] is [String: Any]
        }
        #expect((first["channel"] as? [String: Any])?["number"] as? Int == 1 && first["error"] is NSNull, "\(first)")
        #expect(first["live"] as? Bool == true)

        // Channel 2 warms (joins its group) and is swapped in.
        _ = try shell.ipc.waitForState(timeout: 20) {
            ($0["warm_players"] as? [[String: Any]] ?? []).contains { $0["channel"] as? Int == 2 && $0["ready"] as? Bool == true }
        }
        #expect(try shell.ipc.request(["keypress", "PGUP"])["error"] as? String == "success")
        let second = try shell.ipc.waitForState(timeout: 10) {
            ($0["channel"] as? [String: Any])?["number"] as? Int == 2 && $0["first_frame"] as? Bool == true
        }
        #expect(second["error"] is NSNull, "\(second)")

        // Channel 1, now the warm one, swapped back in: its RTP read warm too.
        _ = try shell.ipc.waitForState(timeout: 20) {
            ($0["warm_players"] as? [[String: Any]] ?? []).contains { $0["channel"] as? Int == 1 && $0["ready"] as? Bool == true }
        }
        #expect(try shell.ipc.request(["keypress", "PGDWN"])["error"] as? String == "success")
        let back = try shell.ipc.waitForState(timeout: 10) {
            ($0["channel"] as? [String: Any])?["number"] as? Int == 1 && $0["first_frame"] as? Bool == true
        }
        #expect(back["error"] is NSNull && !shell.log.contains("Failed to recognize"), "\(back)")

        // Each join between key frames (a 2 s GOP) makes the decoder complain
        // for each frame until the next key frame; the log keeps each line once per player.
        let complaints = shell.log.split(separator: "\n").filter { $0.contains("mpv[ffmpeg/video]") }
        let most = Dictionary(grouping: complaints) { $0.split(separator: " ", maxSplits: 2).last ?? "" }.values.map(\.count).max() ?? 0
        #expect(most <= 4, "the same decoder line \(most) times:\n\(complaints.prefix(20).joined(separator: "\n"))")
        #expect(!shell.log.contains("udp://***@") && !shell.log.contains("rtp://***@"), "an empty user is no secret to hide")
    }

    @Test("a source-specific group in VLC's form (rtp://SOURCE@GROUP) is joined for that source only: the source that sends plays; a channel naming a source that sends nothing gets nothing warm, where FFmpeg alone joins any source's group")
    func sourceSpecific() throws {
        let group = MulticastStream.group(first: 232)
        let sender = try MulticastStream(rtp: true, from: "127.0.0.3", to: group)
        defer { sender.stop() }
        let dir = TVShellBinary.scratchDirectory("multicast-ssm")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("isp.m3u")
        try """
        #EXTM3U
        #EXTINF:-1 tvg-id="one" tvg-chno="1",From Its Source
        \(sender.url(naming: "127.0.0.3"))
        #EXTINF:-1 tvg-id="two" tvg-chno="2",From Another Source
        \(sender.url(naming: "127.0.0.4"))

        """.write(to: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path])

        let first = try shell.ipc.waitForState(timeout: 20) {
            $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 || $0["error"] is [String: Any]
        }
        #expect((first["channel"] as? [String: Any])?["number"] as? Int == 1 && first["error"] is NSNull, "\(first)")

        // Channel 2's group is joined for 127.0.0.4, which sends nothing.
        let warming = try shell.ipc.waitForState(timeout: 20) {
            ($0["warm_players"] as? [[String: Any]] ?? []).contains { $0["channel"] as? Int == 2 }
        }
        // The group sends all the while: channel 1 shows 100 more frames (4 s) of it.
        let shown = number(warming["frames_presented"]) ?? 0
        let later = try shell.ipc.waitForState(timeout: 20) { (number($0["frames_presented"]) ?? 0) >= shown + 100 }
        let two = (later["warm_players"] as? [[String: Any]] ?? []).first { $0["channel"] as? Int == 2 }
        #expect(two?["ready"] as? Bool == false && number(two?["fetched_bytes"]) == 0, "\(warming["warm_players"] ?? "") → \(later["warm_players"] ?? "")")
        #expect(later["phase"] as? String == "playing" && (later["channel"] as? [String: Any])?["number"] as? Int == 1)
    }
}
