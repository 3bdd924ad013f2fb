import Logging
import MPVClient
import ShellCore
import TerminalUI

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

    init(configuration: ShellConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    subscript(slot: PlayerSlot) -> MPVPlayer? {
        get { pool[slot] }
        set { pool[slot] = newValue }
    }

    func player(in slot: PlayerSlot) -> (any PlayerPort)? { pool[slot] }

    func renderer(in slot: PlayerSlot) -> MPVSoftwareRenderer? { pool[slot]?.renderer }

    /// A new libmpv for `slot` (in place of a dead one, or the first of a
    /// picture or preview); false (and logged) when it fails. Window players
    /// start muted.
    @discardableResult
    func startPlayer(in slot: PlayerSlot) -> Bool {
        do {
            let picture = terminal?.picture ?? .cells
            // On the TV output only the main player draws its own window;
            // any other renders off screen for the presenter to lay on it.
            let player = try MPVPlayer(video: configuration.video,
                                       options: decodeOptions(for: picture) + configuration.mpvOptions.map { ($0.key, $0.value) },
                                       logger: logger, showsWindow: slot == .main, windowOutput: windowOutput ?? MPVPlayer.tvWindowOutput)
            player.pictureSize = pictureSize(for: slot)
            player.lightDecoding = lightDecoding(for: picture)
            player.timeshift = configuration.timeshift
            if slot != .main { try? player.setMuted(true) }
            pool[slot] = player
            if slot == .main { presenter?.playerReplaced() }
            return true
        } catch {
            logger.error("could not start libmpv: \(error)")
            return false
        }
    }

    /// On the TV output the player coming to the main slot takes mpv's
    /// full-screen window over from the one leaving it (which gives it up
    /// first and renders off screen from then on); when none comes, a new
    /// idle one opens the window.
    /// When the TV's main player was last tried (`ensureMainPlayer`).
    private var mainAttempted = -1.0

    /// TV output: the main slot always holds a player, whose window carries
    /// the screens; when it is empty (its player could not start) one is
    /// tried again, at most once a second.
    func ensureMainPlayer(now: Double) {
        guard configuration.video == .tv, pool[.main] == nil, now - mainAttempted >= 1 else { return }
        mainAttempted = now
        logger.warning("the TV's window has no player: starting one")
        startPlayer(in: .main)
    }

    func exchangePlayers(_ a: PlayerSlot, _ b: PlayerSlot) {
        pool.exchange(a, b)
        if configuration.video == .tv, a == .main || b == .main {
            let leaving = pool[a == .main ? b : a]
            if windowOutput == nil { windowOutput = leaving?.windowOutput }
            leaving?.setShowsWindow(false)
            // The TV always has its window: the screens are drawn on it.
            if let main = pool[.main] {
                main.setShowsWindow(true, output: windowOutput ?? MPVPlayer.tvWindowOutput)
            } else {
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
