import Logging
import MPVClient
@testable import ShellRuntime
import Testing

/// A user's `[mpv] vo` through real libmpv: it names a window's outputs only.
@Suite("The user's vo")
struct UserVideoOutputTests {
    private func output(_ video: VideoOutput, showsWindow: Bool = true) throws -> (vo: String, chain: String) {
        let player = try MPVPlayer(video: video, options: [("ao", "null"), ("vo", "x11")], logger: Logger(label: "test"), showsWindow: showsWindow)
        defer { player.shutdown() }
        return (try player.mpv.string("vo"), player.windowChain)
    }

    @Test("off screen on the TV (a warm channel, the picture in picture) and on the terminal the shell draws the picture; without video there is none; the TV's window tries the user's outputs")
    func offScreen() throws {
        let tv = try output(.tv, showsWindow: false)
        #expect(tv.vo == "libmpv", "a window of its own beside the TV's: \(tv.vo)")
        #expect(tv.chain == "x11", "taking the TV's window over, it opens the user's output")
        #expect(try output(.terminal).vo == "libmpv")
        #expect(try output(.none).vo == "null")
    }
}
