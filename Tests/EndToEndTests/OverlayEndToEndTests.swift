import Foundation
import ShellTesting
import Testing

@Suite("Overlays in tmux and over IPC", .serialized)
struct OverlayEndToEndTests {
    @Test("UP shows the custom overlay and DOWN dismisses it; DOWN shows the info panel; choosing a subtitle changes mpv's sid")
    func overlays() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let shell = try ShellUnderTest([clip])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && !(($0["tracks"] as? [Any]) ?? []).isEmpty }
        #expect(shell.tmux.waitFor { $0.contains("▲ More") }.ok, "the hint at the start")

        try shell.ipc.request(["keypress", "UP"])
        #expect(try shell.ipc.state()["overlay"] as? String == "custom")
        #expect(shell.tmux.waitFor { $0.contains("Play From Beginning") && $0.contains("Part 1") }.ok)
        try shell.ipc.request(["keypress", "DOWN"])
        #expect(try shell.ipc.state()["overlay"] as? String == "none")

        try shell.ipc.request(["keypress", "DOWN"])
        #expect(try shell.ipc.state()["overlay"] as? String == "info")
        #expect(shell.tmux.waitFor { $0.contains("Subtitles") && $0.contains("Test Clip") }.ok)
        func sid(becomes value: String) throws -> String {
            var sid = ""
            for _ in 0..<50 where sid != value {
                sid = try shell.ipc.request(["get_mpv_property", "sid"])["data"] as? String ?? ""
                usleep(20_000)
            }
            return sid
        }
        for key in ["RIGHT", "RIGHT", "ENTER", "RIGHT", "RIGHT", "ENTER"] { try shell.ipc.request(["keypress", key]) }
        #expect(try shell.ipc.state()["info_tab"] as? String == "Subtitles")
        #expect(try sid(becomes: "no") == "no", "Off switches it off in mpv")
        for key in ["RIGHT", "ENTER"] { try shell.ipc.request(["keypress", key]) }
        #expect(try sid(becomes: "1") == "1", "and the track turns it on again")
        let selected = (try shell.ipc.state()["tracks"] as? [[String: Any]] ?? []).first { $0["type"] as? String == "subtitle" }
        #expect(selected?["selected"] as? Bool == true, "mpv's track list agrees")
        try shell.ipc.request(["keypress", "UP"])
        #expect(try shell.ipc.state()["overlay"] as? String == "none")
    }
}
