import MediaModel
import ShellCore
import ShellRuntime
import ShellTesting
import Testing

/// The effects that move the audio device (`PlayerHost.giveAudio`), over
/// the embedded driver's fake players: the player heard is always the one
/// given the device, as the viewer moves between full screen, the picture,
/// the guide's preview and warm neighbours.
@Suite("Who holds the audio device")
struct AudioDeviceWiringTests {
    /// The slots whose players are not muted.
    private func audible(_ shell: EmbeddedShell) -> [PlayerSlot] {
        PlayerSlot.allCases.filter { slot in shell.player(in: slot).map { !$0.muted } ?? false }
    }

    @Test("full screen, then the picture on the home screen, another channel full screen, a swap: the device follows the sound")
    func picture() {
        let shell = watching(1)
        #expect(shell.heardSlot == .main && audible(shell) == [.main])
        shell.press(.pictureInPicture)
        #expect(shell.state.screen == .home)
        #expect(shell.heardSlot == .picture && audible(shell) == [.picture], "nothing full screen: the picture is heard")
        shell.send(.playIndex(1, at: shell.clock.now()))
        shell.playerStarts()
        #expect(shell.heardSlot == .main && audible(shell) == [.main])
        let kids = shell.player(in: .picture)
        shell.press(.swapPicture)
        #expect(shell.player === kids && shell.heardSlot == .main && audible(shell) == [.main])
    }

    @Test("a zap to a warm neighbour gives it the device; the player left behind warm does not keep it")
    func warmNeighbour() {
        var state = restricted()
        state.settings.warmNeighbours = 2
        let shell = watching(2, state: state)
        shell.advance(by: 3.1)
        for slot in PlayerSlot.warm where shell.state.warm.players[slot]?.playback.phase == .loading {
            shell.report(.preloaded(ratings: []), in: slot)
            shell.report(.playing, in: slot)
        }
        let next = PlayerSlot.warm.first { shell.state.warm.players[$0].map { shell.state.items[$0.index].number == 3 } ?? false }
        let warm = next.flatMap { shell.player(in: $0) }
        #expect(warm != nil && shell.heardSlot == .main)
        shell.press(.channelUp)
        #expect(shell.state.currentItem?.number == 3)
        #expect(shell.player === warm && shell.heardSlot == .main && audible(shell) == [.main])
    }
}
