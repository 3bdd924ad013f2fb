import Foundation
import ShellProbes
import Testing

/// A kiosk on a live HLS channel whose server goes wrong while it plays:
/// stalls, trickles a byte a second, answers 500, or dies in the middle of a
/// segment. Each reaches "Reconnecting…" within the configured stall time
/// (plus what the player had buffered), keeps retrying while the fault
/// lasts, and plays the channel again by itself once the server is right.
@Suite("HLS server faults in a kiosk", .serialized)
struct HLSFaultsEndToEndTests {
    /// Seconds a stream may wait for data, or a load to start (`[recovery] stall`).
    static let stall = 4.0
    /// The bound for reaching "Reconnecting…": the stall time, the live
    /// window the player may still hold (three 1 s segments) and slack for
    /// a loaded machine.
    static let reconnectingWithin = stall + 3 + 8

    private func kiosk(_ stream: LiveHLSStream) throws -> ShellUnderTest {
        let dir = TVShellBinary.scratchDirectory("hls-faults")
        let lineup = dir.appendingPathComponent("kiosk.m3u").path
        try """
            #EXTM3U
            #EXTINF:-1 tvg-id="bars" tvg-chno="1",Bars
            av://lavfi:smptebars=size=320x180:rate=25
            #EXTINF:-1 tvg-id="live" tvg-chno="2",Live
            \(stream.url)
            """.write(toFile: lineup, atomically: true, encoding: .utf8)
        let config = dir.appendingPathComponent("config.toml").path
        try """
            [kiosk]
            enabled = true
            start = 2
            fallback = 1
            [recovery]
            retries = 1000
            backoff = [1]
            stall = \(Int(Self.stall))
            """.write(toFile: config, atomically: true, encoding: .utf8)
        return try ShellUnderTest(["--lineup", lineup, "--config", config])
    }

    private func playingLive(_ state: [String: Any]) -> Bool {
        channelNumber(state) == 2 && state["phase"] as? String == "playing" && state["reconnecting"] is NSNull
            && (number(state["frames_presented"]) ?? 0) > 0
    }

    private func channelNumber(_ state: [String: Any]) -> Int? { (state["channel"] as? [String: Any])?["number"] as? Int }

    /// Plays, injects `fault`, waits for "Reconnecting…"; returns the shell
    /// and when the fault began.
    private func fault(_ stream: LiveHLSStream, _ fault: LocalHTTPServer.Fault, pathSuffix: String) throws -> (ShellUnderTest, Stopwatch) {
        let shell = try kiosk(stream)
        try shell.ipc.waitForState(timeout: 30) { playingLive($0) }
        stream.server.inject(fault, pathSuffix: pathSuffix)
        let began = Stopwatch()
        let down = try shell.ipc.waitForState(timeout: Self.reconnectingWithin + 10) { $0["reconnecting"] is [String: Any] }
        let took = began.elapsed
        print("HLS fault \(fault): “Reconnecting…” \(String(format: "%.1f", took)) s after it began")
        #expect(took < Self.reconnectingWithin, "“Reconnecting…” \(took) s after the server began to fail (\(fault))")
        #expect(down["screen"] as? String == "interstitial")
        #expect(shell.tmux.waitFor { $0.contains("Reconnecting") }.ok)
        return (shell, began)
    }

    /// While the fault lasts the kiosk keeps trying: the attempt count grows.
    private func keepsTrying(_ shell: ShellUnderTest) throws {
        let first = try shell.ipc.state()
        let attempt = ((first["reconnecting"] as? [String: Any])?["attempt"] as? Int) ?? 0
        try shell.ipc.waitForState(timeout: Self.stall * 2 + 10) { (($0["reconnecting"] as? [String: Any])?["attempt"] as? Int ?? 0) > attempt }
    }

    private func comesBack(_ shell: ShellUnderTest) throws {
        let back = try shell.ipc.waitForState(timeout: 30) { playingLive($0) }
        #expect(back["screen"] as? String == "player")
    }

    @Test("a server that stops answering, trickles a byte a second, or answers 500: Reconnecting…, retries while it lasts, then the channel again",
          arguments: [LocalHTTPServer.Fault.stall, .trickle, .serverError])
    func misbehaves(_ kind: LocalHTTPServer.Fault) throws {
        let stream = try LiveHLSStream(listSize: 6)
        defer { stream.stop() }
        let (shell, _) = try fault(stream, kind, pathSuffix: "")
        try keepsTrying(shell)
        stream.server.inject(nil)
        try comesBack(shell)
    }

    @Test("a server that dies in the middle of a segment: Reconnecting…, then the channel again when it is back")
    func diesMidSegment() throws {
        let stream = try LiveHLSStream(listSize: 6)
        defer { stream.stop() }
        let (shell, _) = try fault(stream, .dieMidBody, pathSuffix: ".ts")
        try keepsTrying(shell)
        let again = try LocalHTTPServer(directory: stream.directory.path, port: stream.server.port)
        defer { again.stop() }
        try comesBack(shell)
    }

    @Test("not a kiosk, no recovery: a server that stalls while the channel plays, or a load that never starts, ends on the error screen saying why")
    func withoutRecovery() throws {
        let stream = try LiveHLSStream(source: "testsrc2=size=160x90:rate=25", listSize: 30)
        defer { stream.stop() }
        let dir = TVShellBinary.scratchDirectory("hls-no-recovery")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("tv.m3u").path
        try """
            #EXTM3U
            #EXTINF:-1 tvg-id="live" tvg-chno="1",Live
            \(stream.url)
            #EXTINF:-1 tvg-id="bars" tvg-chno="2",Bars
            av://lavfi:smptebars=size=160x90:rate=25
            """.write(toFile: lineup, atomically: true, encoding: .utf8)
        let config = dir.appendingPathComponent("config.toml").path
        try "[recovery]\nstall = \(Int(Self.stall))\n".write(toFile: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--lineup", lineup, "--config", config])
        try shell.ipc.waitForState(timeout: 30) { channelNumber($0) == 1 && $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }

        stream.server.inject(.stall, pathSuffix: ".ts")
        let began = Stopwatch()
        let stalled = try shell.ipc.waitForState(timeout: Self.reconnectingWithin + 10) { $0["screen"] as? String == "error" }
        #expect(began.elapsed < Self.reconnectingWithin, "the error screen within the stall time and what was buffered")
        #expect((stalled["error"] as? [String: Any])?["reason"] as? String == "the stream stalled", "\(stalled["error"] ?? "")")
        #expect(stalled["reconnecting"] is NSNull, "no recovery: no Reconnecting…")
        #expect(shell.tmux.waitFor { $0.contains("The stream stalled.") && $0.contains("is not available right now") }.ok)

        stream.server.inject(.stall, pathSuffix: ".m3u8")
        _ = try shell.ipc.request(["channel", 1])
        let started = Stopwatch()
        let never = try shell.ipc.waitForState(timeout: Self.stall + 10) {
            ($0["error"] as? [String: Any])?["reason"] as? String == "the stream did not start within \(Int(Self.stall)) s"
        }
        #expect(started.elapsed >= Self.stall - 0.5, "not before the stall time")
        #expect(never["screen"] as? String == "error")
        stream.server.inject(nil)
    }
}
