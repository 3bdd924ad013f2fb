import MediaModel
import ShellCore
import ShellTesting
import Testing

@Suite("A seek the player refuses")
struct SeekRefusedTests {
    @Test("scrubbed far on a paused film whose server sends only whole files: the player says it cannot seek and stays where it was; the bar goes back there, the viewer is told, and its positions count again")
    func refused() {
        let h = pausedFilm(duration: 7200, position: 100)
        for _ in 0..<30 { h.apply(.command(.right, at: h.clock.now)) }
        let target = try! #require(h.state.scrub?.target)
        #expect(target > 1000)
        let committed = h.apply(.command(.select, at: h.clock.now))
        #expect(committed.contains(.seek(to: target, exact: true)), "\(committed)")
        #expect(h.state.playback.seekPending && h.state.playback.position == target)
        #expect(h.apply(.player(.position(101), token: 1, at: h.clock.now)).isEmpty && h.state.playback.position == target, "ignored while the seek is pending")
        let refused = h.apply(.player(.cannotSeek(position: 100.4), token: 1, at: h.clock.now))
        #expect(refused == [.startTimer(.noticeHide, after: h.state.settings.noticeDelay * 2)], "\(refused)")
        #expect(!h.state.playback.seekPending && h.state.playback.position == 100.4 && !h.state.playback.seekable)
        #expect(h.state.chrome.notice == "“Film” cannot go to \(formatTime(target)): its server sends only whole files.")
        h.apply(.player(.position(102), token: 1, at: h.clock.now))
        #expect(h.state.playback.position == 102)
        #expect(h.apply(.player(.cannotSeek(position: 102), token: 1, at: h.clock.now)).isEmpty, "told again with no seek pending: nothing")
        #expect(h.state.playback.position == 102)
        h.expectArmed([.hintHide, .noticeHide, .stall])
    }
}
