import MPVClient
import ShellCore

/// What a presenter can put on its display of a `Screen`.
public struct PresenterCapabilities: Equatable, Sendable {
    /// Text in cells with their styles (every presenter).
    public var cells: Bool
    /// Pictures laid on as images (kitty or sixel in a terminal; bitmaps on
    /// a player's OSD).
    public var images: Bool
    /// Video drawn into the screen's windows (the picture in picture, the
    /// guide's preview, the interstitial's live frame) by the presenter.
    public var videoWindows: Bool

    public init(cells: Bool, images: Bool, videoWindows: Bool) {
        self.cells = cells
        self.images = images
        self.videoWindows = videoWindows
    }
}

/// Where the shell's screens go: the port between what is drawn (the state,
/// rendered as a `Screen`) and a display. `FramePresenter` is the terminal's;
/// the TV output (mpv's own window with the screens on its OSD) is the next.
/// A presenter builds the frame from the store's state when asked, paces
/// and drops frames its display cannot take, and reports what reached the
/// display as actions to the store.
///
/// Run-loop thread only.
protocol Presenter: StateObserver {
    /// What it can draw.
    var capabilities: PresenterCapabilities { get }
    /// The display's size in cells.
    var size: DisplaySize { get }
    /// The state changed: the next `draw()` builds the frame again (if it
    /// looks different).
    var needsDraw: Bool { get set }
    /// Draws what changed: a new video frame, the screens when they look different.
    func draw()
    /// The player in `slot` has a new frame.
    func frameReady(in slot: PlayerSlot)
    /// The pixel size the player in `slot` renders at (nil: the full screen's).
    func pixelSize(for slot: PlayerSlot) -> (width: Int, height: Int)?
    /// Two slots' players changed places.
    func playersExchanged(_ a: PlayerSlot, _ b: PlayerSlot)
    /// A new player took the main one's place.
    func playerReplaced()
    /// The display forgot what it showed: the next pass draws everything.
    func forceRedraw()
    /// The display changed size.
    func resized()
    /// A descriptor that turns writable when output held back can go on;
    /// nil when nothing is held back.
    var pendingOutput: Int32? { get }
    /// `pendingOutput` turned writable.
    func outputReady()
    /// The scrub thumbnail's size in pixels and mpv's name of the pixel
    /// layout it is drawn from (`rgb0`, `bgr0`); nil: none can be drawn.
    var thumbnailFormat: (width: Int, height: Int, layout: String)? { get }
    /// The scrub thumbnail to draw changed (`ThumbnailService.image`).
    func thumbnailChanged()
    /// Milliseconds after which `draw()` should be tried again although
    /// nothing happened (the output is not up yet); nil: not needed.
    var retryDelay: Int32? { get }
    /// Tells the store the frames presented and not yet reported
    /// (`FrameReport.renderedMore`), before the state is reported.
    func tellFrames()
    /// The viewer pressed a key the display itself did not see (a remote
    /// through lircd, CEC or an input device, the console, the socket):
    /// the TV's X screen saver is told, as of a key typed on X.
    func viewerActed()
}

extension Presenter {
    var retryDelay: Int32? { nil }

    func tellFrames() {}

    func viewerActed() {}

    /// Any reduced action may change what is drawn.
    func stateChanged(by action: Action, effects: [Effect], to state: ShellState) {
        needsDraw = true
    }
}

/// The software renderers of the players, which a presenter draws frames
/// from (`PlayerSlots`). Run-loop thread.
protocol RendererSource: AnyObject {
    func renderer(in slot: PlayerSlot) -> MPVSoftwareRenderer?
}
