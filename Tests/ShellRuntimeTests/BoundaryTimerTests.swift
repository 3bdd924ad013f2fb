import MediaModel
import ShellCore
import ShellRuntime
import ShellTesting
import Testing

/// The timer for a live programme's start on the picture, armed by an
/// action that comes with the wall clock a moment old (a player's report),
/// still fires at the start: the runtime counts the age in
/// (`WallClockTimers`).
@Suite("Embedded: a programme's start timed from an old wall-clock time")
struct BoundaryTimerTests {
    @Test("the player's speed report 0.8 s after the clock was told re-arms the timer for the TV-MA film's start at the start, not 0.8 s after; the prompt comes then")
    func armedFromAnOldTime() throws {
        let clock = ManualShellClock()
        let wall = clock.wallClock()
        let mixed = MediaItem(id: "mixed", title: "Mixed", url: "av://lavfi:mixed", isLive: true, number: 1, guideID: "mixed")
        let guide = ProgrammeGuide(channels: [GuideChannel(id: "mixed", names: ["Mixed"])], programmes: [
            Programme(channel: "mixed", start: wall - 600, stop: wall + 600, title: "Cartoons", ratings: [GuideRating(system: "VCHIP", value: "TV-G", resolved: tvG)]),
            Programme(channel: "mixed", start: wall + 600, stop: wall + 2400, title: "Late Film", ratings: [GuideRating(system: "VCHIP", value: "TV-MA", resolved: tvMA)]),
        ])
        var state = restricted([mixed])
        state.guide.programmes = guide
        let shell = EmbeddedShell(state, clock: clock)
        shell.send(.wallClock(clock.wallClock(), at: clock.now()))
        shell.send(.playIndex(0, at: clock.now()))
        shell.playerStarts()
        let start = clock.now() + 600
        let armed = try #require(shell.armedTimers[.programmeBoundary])
        #expect(abs(armed - start) < 1e-6, "timed to the film's start")

        clock.advance(by: 0.8)
        shell.report(.speed(1))
        let rearmed = try #require(shell.armedTimers[.programmeBoundary])
        #expect(abs(rearmed - start) < 1e-6, "still at the film's start, \(rearmed - start) s off")

        shell.advance(by: 599.2 - 1e-3)
        #expect(shell.state.screen == .player, "Cartoons to its end")
        shell.advance(by: 2e-3)
        #expect(shell.state.screen == .passcode && shell.state.prompt?.item.id == "mixed", "the film asks as it begins")
        #expect(clock.wallClock() - wall < 600.01)
    }
}
