import Foundation
import Logging
import MediaModel
import MPVClient
import ShellCore
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The shell's libmpv players by slot: made with the configuration's
/// options and decode policy, each rendering at the pixel size its place
/// on the display needs, moved between slots as the reducer exchanges
/// them. The interpreter drives them through `PlayerHost`, the presenter
/// draws from them through `RendererSource`; the loop polls them.
///
/// Run-loop thread only.
final class PlayerSlots: PlayerHost, RendererSource {
    let pool = PlayerPool<MPVPlayer>()
    private let configuration: ShellConfiguration
    private let logger: Logger
    /// Where the picture goes (set once the display is up).
    weak var presenter: (any Presenter)?
    /// The terminal the picture is drawn in (nil: none, or a window).
    weak var terminal: NCursesTerminal?

    /// TV output: the video output the window opened with (learnt from the
    /// first player that showed it), so a player taking the window over
    /// opens it at once instead of trying the outputs that failed.
    private var windowOutput: String?

    /// The player to take the audio device once the one holding it has let
    /// it go (`giveAudio`).
    private weak var audioWanted: MPVPlayer?

    /// The user's mpv options (`[mpv]`, `--mpv-option`) as every player
    /// is given them: on the TV output an `input-conf` is read once, here,
    /// into memory (`MPVPlayer.userInputConf`), or left out with a warning.
    private let userOptions: [(String, String)]

    init(configuration: ShellConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        userOptions = configuration.mpvOptions.compactMap { option in
            guard configuration.video == .tv, option.key == "input-conf" else { return (option.key, option.value) }
            do {
                return (option.key, try MPVPlayer.userInputConf(option.value))
            } catch {
                logger.warning("\(error)")
                return nil
            }
        }
    }

    subscript(slot: PlayerSlot) -> MPVPlayer? {
        get { pool[slot] }
        set { pool[slot] = newValue }
    }

    func player(in slot: PlayerSlot) -> (any PlayerPort)? { pool[slot] }

    func renderer(in slot: PlayerSlot) -> MPVSoftwareRenderer? { pool[slot]?.renderer }

    /// The first main player, at the shell's start (before the terminal is
    /// known): it holds the audio device.
    func openMain() throws {
        pool[.main] = try makePlayer(showsWindow: true, holdsAudio: true)
    }

    /// A new libmpv for `slot` (in place of a dead one, or the first of a
    /// picture or preview); false (and logged, unless `logsFailure` is
    /// false) when it fails. Window players start muted.
    @discardableResult
    func startPlayer(in slot: PlayerSlot) -> Bool { startPlayer(in: slot, logsFailure: true) }

    @discardableResult
    private func startPlayer(in slot: PlayerSlot, logsFailure: Bool) -> Bool {
        do {
            let player = try makePlayer(showsWindow: slot == .main, holdsAudio: slot == .main && audioDeviceFree)
            player.pictureSize = pictureSize(for: slot)
            if slot != .main { try? player.setMuted(true) }
            pool[slot] = player
            if slot == .main { presenter?.playerReplaced() }
            return true
        } catch {
            if logsFailure { logger.error("could not start libmpv: \(error)") }
            return false
        }
    }

    /// A libmpv with this configuration's options and the decode policy of
    /// the terminal's picture. On the TV output only the main player draws
    /// its own window; any other renders off screen for the presenter to
    /// lay on it. `holdsAudio`: it opens the audio device (else it waits
    /// for `giveAudio`).
    private func makePlayer(showsWindow: Bool, holdsAudio: Bool = false) throws -> MPVPlayer {
        let picture = terminal?.picture ?? .cells
        let player = try MPVPlayer(video: configuration.video,
                                   options: decodeOptions(for: picture) + userOptions,
                                   logger: logger, showsWindow: showsWindow, windowOutput: windowOutput, holdsAudio: holdsAudio,
                                   windowKeys: Array(configuration.keyMap.bindings.keys))
        player.audioReleased = { [weak self] in self?.takeAudioIfFree() }
        player.lightDecoding = lightDecoding(for: picture)
        player.timeshift = configuration.timeshift
        player.detailsSource = configuration.itemDetails
        return player
    }

    // MARK: - The spare player

    /// A libmpv beside the main player that plays nothing (or is still
    /// ending what it played): a live channel the main player would have
    /// to wait for its old stream's end to open (mpv ends one file before
    /// it opens the next, and a live HLS reader takes 120–190 ms to notice)
    /// opens in the spare at once instead, and the old player ends its
    /// stream beside it, then waits as the spare. Made at the first such
    /// load; terminal and no-video outputs only (on the TV the main player
    /// carries the window).
    private(set) var spare: MPVPlayer?

    /// Before the main slot loads `item`: when `item` is a live network
    /// stream and the main player still streams one, the spare (made now if
    /// there is none) takes the main slot and the old player stops as the
    /// spare — unless that would open more than `cap` streams at once,
    /// counting `elsewhere` (recordings) and every player's stream. The
    /// spare plays at `speed`, the speed the load's state says (1× for a
    /// new load: `MPVPlayer.setSpeed`'s change is for what played). Returns
    /// whether the players changed places.
    @discardableResult
    func handOverMain(for item: MediaItem, elsewhere: Int, cap: Int?, speed: Double = 1) -> Bool {
        guard configuration.video != .tv, item.isLive, TimeshiftSettings.applies(to: item.url),
              let old = pool[.main], old.streamsFromNetwork, !old.died else { return false }
        let streams = elsewhere + pool.all.filter { $0.player.streamsFromNetwork }.count + (spare?.streamsFromNetwork == true ? 1 : 0)
        if let cap, streams >= cap { return false }
        let next: MPVPlayer
        if let spare, !spare.died {
            next = spare
        } else {
            spare?.shutdown()
            spare = nil
            do {
                next = try makePlayer(showsWindow: false)
            } catch {
                logger.error("could not start a spare libmpv: \(error)")
                return false
            }
        }
        // The device goes with the main slot; let go before the stop,
        // which may keep the old player's core busy a while.
        if old.holdsAudio { give(audioTo: next) }
        do {
            try old.stop()
        } catch {
            logger.error("\(error)")
        }
        next.pictureSize = pictureSize(for: .main)
        do {
            try next.setBaseSpeed(speed)
        } catch {
            logger.error("\(error)")
        }
        pool[.main] = next
        spare = old
        presenter?.playerReplaced()
        return true
    }

    /// The spare's descriptors, for the loop to wait on.
    var spareDescriptors: [Int32] {
        guard let spare else { return [] }
        return [spare.wakeupFD] + (spare.renderer != nil ? [spare.renderFD] : [])
    }

    /// Whether `fd` is one of the spare's descriptors.
    func isSpareDescriptor(_ fd: Int32) -> Bool {
        guard let spare else { return false }
        return fd == spare.wakeupFD || fd == spare.renderFD
    }

    /// Serves the spare when `fd` is one of its descriptors: its events say
    /// nothing the shell needs (its load was replaced), and its render
    /// context is kept answering so mpv can end its video. A spare whose
    /// libmpv died is let go.
    func serviceSpare(_ fd: Int32) {
        guard let spare, isSpareDescriptor(fd) else { return }
        if fd == spare.renderFD {
            var sink = [UInt8](repeating: 0, count: 64)
            while read(fd, &sink, sink.count) > 0 {}
            _ = spare.renderer?.update()
        }
        _ = spare.drain()
        if spare.died {
            spare.shutdown()
            self.spare = nil
        }
    }

    /// Shuts the spare down (at exit).
    func shutDownSpare() {
        spare?.shutdown()
        spare = nil
    }

    /// Ends every player, the spare too, as the loop ends, waiting at most
    /// `seconds`: libmpv ends a stream it is opening only once libavformat
    /// gives it back, and a DNS lookup that gets no answer is not
    /// interruptible, so a quit would wait as long as the lookup does (30 s
    /// and more) with the terminal already given back. What has not ended
    /// by then is left to the process's exit (nothing of the shell's state
    /// is in a player). Run-loop thread, once; nothing may use the players
    /// after it.
    func shutDownAll(within seconds: Double) {
        final class Ending: @unchecked Sendable {
            let slots: PlayerSlots
            init(_ slots: PlayerSlots) { self.slots = slots }
        }
        let ending = Ending(self)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            ending.slots.pool.removeAll { $0.shutdown() }
            ending.slots.shutDownSpare()
            done.signal()
        }
        thread.name = "players' end"
        thread.start()
        if done.wait(timeout: .now() + seconds) == .timedOut {
            logger.warning("libmpv has not ended its stream within \(Int(seconds)) s (a server or a DNS lookup that does not answer): quitting without waiting for it")
        }
    }

    /// Ends a player no slot holds any more. One holding the audio device
    /// ends here and now, so the device is free for the next; any other on
    /// a thread of its own: a player told to stop may still be ending a
    /// network stream, which libmpv's end waits for (a DNS lookup that gets
    /// no answer: 30 s and more). It no longer waits for the device either.
    /// Run-loop thread.
    private func end(_ player: MPVPlayer) {
        if audioWanted === player { audioWanted = nil }
        guard !player.holdsAudio, !player.isReleasingAudio else {
            player.shutdown()
            takeAudioIfFree()
            return
        }
        let ending = PlayerEnding(player)
        let thread = Thread { ending.player.shutdown() }
        thread.name = "a player's end"
        thread.start()
    }

    /// When the TV's main player was last tried, and how many tries in a
    /// row failed (`ensureMainPlayer`).
    private var mainAttempted = -1.0
    private var mainFailures = 0

    /// TV output: the main slot always holds a player, whose window carries
    /// the screens; when it is empty (its player could not start, or the
    /// display refused it at the shell's start, as while a box's display
    /// is still coming up) one is tried again: every second for ten tries,
    /// then every five. The first failure and the opening are logged, not
    /// every try. Main thread (the presenter's draw).
    func ensureMainPlayer(now: Double) {
        guard configuration.video == .tv, pool[.main] == nil, now - mainAttempted >= (mainFailures < 10 ? 1 : 5) else { return }
        mainAttempted = now
        if mainFailures == 0 { logger.warning("the TV's window has no player: starting one") }
        if startPlayer(in: .main, logsFailure: mainFailures == 0) {
            if mainFailures > 0 { logger.info("the TV's window opened, after \(mainFailures + 1) tries") }
            mainFailures = 0
        } else {
            mainFailures += 1
            if mainFailures == 1 { logger.warning("the TV's window: trying again every second, then every 5 s (failures not logged again)") }
        }
    }

    /// On the TV output the player coming to the main slot takes mpv's
    /// full-screen window over from the one leaving it (which gives it up
    /// first and renders off screen from then on); when none comes, or one
    /// that holds nothing (a picture closed before, which mpv opens no
    /// window for: the TV was left without one, deaf to the keys typed on
    /// it), a new idle one opens the window and the one that came is ended.
    func exchangePlayers(_ a: PlayerSlot, _ b: PlayerSlot) {
        pool.exchange(a, b)
        if configuration.video == .tv, a == .main || b == .main {
            let leaving = pool[a == .main ? b : a]
            if windowOutput == nil { windowOutput = leaving?.windowOutput }
            leaving?.setShowsWindow(false)
            // The TV always has its window: the screens are drawn on it.
            if let main = pool[.main], !main.holdsNothing {
                main.setShowsWindow(true, output: windowOutput)
            } else {
                if let idle = pool[.main] {
                    pool[.main] = nil
                    end(idle)
                }
                startPlayer(in: .main)
            }
        }
        for slot in [a, b] {
            pool[slot]?.pictureSize = pictureSize(for: slot)
            pool[slot]?.selectVariant()
            pool[slot]?.reportFetchedAgain()
        }
        presenter?.playersExchanged(a, b)
    }

    /// The pixel size the player in `slot` draws at, for choosing among a
    /// stream's variants; nil when the picture goes to a window.
    func pictureSize(for slot: PlayerSlot) -> (width: Int, height: Int)? {
        guard let presenter else { return nil }
        return presenter.pixelSize(for: slot) ?? terminal?.videoPixelSize
    }

    /// `MPVPlayer`'s decode policy for this configuration and `picture`.
    func decodeOptions(for picture: PictureProtocol) -> [(String, String)] {
        MPVPlayer.decodeOptions(video: configuration.video, settings: configuration.videoSettings, picture: picture)
    }

    func lightDecoding(for picture: PictureProtocol) -> Bool {
        MPVPlayer.lightDecoding(video: configuration.video, settings: configuration.videoSettings, picture: picture,
                                userOptions: configuration.mpvOptions.map(\.key))
    }
}

// MARK: - The audio device

/// One player at a time holds the audio device (`MPVPlayer+AudioDevice`):
/// the one whose sound the reducer last asked for.
extension PlayerSlots {
    /// Every libmpv of the shell's (the spare's too).
    private var everyPlayer: [MPVPlayer] { pool.all.map(\.player) + (spare.map { [$0] } ?? []) }

    /// Whether no player holds the audio device or is letting it go.
    var audioDeviceFree: Bool { !everyPlayer.contains { $0.holdsAudio || $0.isReleasingAudio } }

    /// The player in `slot` is to be heard (a load in the main slot, an
    /// unmute): it takes the audio device, once the player holding it has
    /// let it go (at once when none does).
    func giveAudio(to slot: PlayerSlot) {
        guard let player = pool[slot] else { return }
        give(audioTo: player)
    }

    private func give(audioTo player: MPVPlayer) {
        guard player.sharesAudio else { return }
        guard !player.holdsAudio else {
            audioWanted = nil
            return
        }
        audioWanted = player
        for other in everyPlayer where other !== player { other.releaseAudio() }
        takeAudioIfFree()
    }

    /// The player waiting for the device takes it when none holds it.
    fileprivate func takeAudioIfFree() {
        guard let wanted = audioWanted, audioDeviceFree else { return }
        audioWanted = nil
        wanted.takeAudio()
    }
}

/// A player handed to the thread that ends it: nothing else holds it.
private final class PlayerEnding: @unchecked Sendable {
    let player: MPVPlayer
    init(_ player: MPVPlayer) { self.player = player }
}
