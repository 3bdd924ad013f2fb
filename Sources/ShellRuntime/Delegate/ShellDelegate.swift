import MediaModel
import ShellCore

/// What an embedding program implements to take part in channel flipping,
/// mirroring `AVPlayerViewControllerDelegate`'s `skipToNextChannel` /
/// `skipToPreviousChannel`.
///
/// The shell calls these on its run-loop thread. The delegate replaces the
/// content (usually with `ShellControl.replaceContent(with:completion:)`) and
/// calls `completion(true)` when the new channel plays, `false` when it
/// cannot. The completion may be called from any thread, late, twice or never:
/// the shell acts on the first call of the newest flip only, and a flip with
/// no answer times out.
public protocol ShellDelegate: AnyObject {
    func skipToNextChannel(_ shell: ShellControl, request: FlipRequest, completion: @escaping @Sendable (Bool) -> Void)
    func skipToPreviousChannel(_ shell: ShellControl, request: FlipRequest, completion: @escaping @Sendable (Bool) -> Void)
    /// The screen to show while flipping forward to `target`; nil for the
    /// built-in one (number, name, initials, now / next, spinner).
    func nextChannelInterstitial(_ shell: ShellControl, target: MediaItem) -> ChannelInterstitial?
    /// The same, flipping back.
    func previousChannelInterstitial(_ shell: ShellControl, target: MediaItem) -> ChannelInterstitial?
    /// An item of the custom overlay given with `ShellControl.setCustomOverlay`
    /// was activated.
    func customOverlayActivated(_ shell: ShellControl, id: String)
    /// The passcode prompt came up for restricted `item`.
    func playbackRestrictionsAuthorizationRequested(_ shell: ShellControl, item: MediaItem)
    /// The right passcode was entered for `item`.
    func playbackRestrictionsAuthorizationGranted(_ shell: ShellControl, item: MediaItem)
    /// `item` will not play: ESC, too many wrong passcodes, or deny mode
    /// (`reason` says which); the player was dismissed.
    func playbackRestrictionsAuthorizationDenied(_ shell: ShellControl, item: MediaItem, reason: String)
    /// The parental settings changed while the shell ran (their file was
    /// written): `policy` is in force, and `stopped` is what it stopped.
    func playbackRestrictionsChanged(_ shell: ShellControl, policy: RestrictionPolicy, stopped: [StoppedContent])

    // Picture in picture, as `AVPictureInPictureControllerDelegate`.
    func pictureInPictureWillStart(_ shell: ShellControl)
    func pictureInPictureDidStart(_ shell: ShellControl)
    /// `p`, ESC or `startPictureInPicture()` could not start it (`error.reason` says why).
    func pictureInPictureFailedToStart(_ shell: ShellControl, error: PictureInPictureError)
    func pictureInPictureWillStop(_ shell: ShellControl)
    func pictureInPictureDidStop(_ shell: ShellControl)
    /// The picture is about to come back full screen: put your interface
    /// back, then call `completion(true)` (any thread). The shell waits for
    /// it up to `ShellSettings.pictureRestoreTimeout` (2 s); with no answer
    /// by then, or `false`, the picture simply stops. Default: `true` at once.
    func restoreUserInterfaceForPictureInPictureStop(_ shell: ShellControl, completion: @escaping @Sendable (Bool) -> Void)
    /// The segments of `item` the program knows (intro, credits, ad breaks …),
    /// asked when it loads; they win over a sidecar file's and chapter titles'.
    func segments(for item: MediaItem) -> [Segment]
    /// A menu given with `ShellControl.setTransportBarMenus` was taken: one
    /// of its choices (by id), or the menu itself (`choice` nil) when it has none.
    func transportBarMenuItemActivated(_ shell: ShellControl, menu: String, choice: String?)
    /// Ad breaks must be watched before what follows them (default true);
    /// false lifts that, as `[segments] linear = false` does. Read when the shell starts.
    var requiresLinearPlayback: Bool { get }
    /// Whether `contextualActions(at:)` has anything to say: when true it is
    /// asked each second of playback. Read when the shell starts.
    var offersContextualActions: Bool { get }
    /// The program's own actions at `position` seconds of what plays
    /// (title and id), shown as "Skip Intro" is (a segment's button wins).
    func contextualActions(_ shell: ShellControl, at position: Double) -> [ProgramAction]
    /// One of them was chosen.
    func contextualActionActivated(_ shell: ShellControl, id: String)
    /// What to propose after `item` (asked when it loads); nil for the
    /// built-in guess (the next episode, or the next item of its group or folder).
    func nextContentProposal(_ shell: ShellControl, after item: MediaItem) -> ContentProposal?
    /// The proposal was accepted (ENTER or the countdown), rejected (Cancel,
    /// ESC) or deferred (LEFT / RIGHT / scrubbing: it comes back at the end).
    func contentProposal(_ shell: ShellControl, id: String, outcome: String)
    /// The same, one method each, as `AVContentProposal`'s actions.
    func contentProposalAccepted(_ shell: ShellControl, id: String)
    func contentProposalRejected(_ shell: ShellControl, id: String)
    func contentProposalDeferred(_ shell: ShellControl, id: String)
}

extension ShellDelegate {
    public func nextChannelInterstitial(_ shell: ShellControl, target: MediaItem) -> ChannelInterstitial? { nil }
    public func previousChannelInterstitial(_ shell: ShellControl, target: MediaItem) -> ChannelInterstitial? { nil }
    public func customOverlayActivated(_ shell: ShellControl, id: String) {}
    public func playbackRestrictionsAuthorizationRequested(_ shell: ShellControl, item: MediaItem) {}
    public func playbackRestrictionsAuthorizationGranted(_ shell: ShellControl, item: MediaItem) {}
    public func playbackRestrictionsAuthorizationDenied(_ shell: ShellControl, item: MediaItem, reason: String) {}
    public func playbackRestrictionsChanged(_ shell: ShellControl, policy: RestrictionPolicy, stopped: [StoppedContent]) {}
    public func pictureInPictureWillStart(_ shell: ShellControl) {}
    public func pictureInPictureDidStart(_ shell: ShellControl) {}
    public func pictureInPictureFailedToStart(_ shell: ShellControl, error: PictureInPictureError) {}
    public func pictureInPictureWillStop(_ shell: ShellControl) {}
    public func pictureInPictureDidStop(_ shell: ShellControl) {}
    public func restoreUserInterfaceForPictureInPictureStop(_ shell: ShellControl, completion: @escaping @Sendable (Bool) -> Void) {
        completion(true)
    }
    public func segments(for item: MediaItem) -> [Segment] { [] }
    public func transportBarMenuItemActivated(_ shell: ShellControl, menu: String, choice: String?) {}
    public var requiresLinearPlayback: Bool { true }
    public var offersContextualActions: Bool { false }
    public func contextualActions(_ shell: ShellControl, at position: Double) -> [ProgramAction] { [] }
    public func contextualActionActivated(_ shell: ShellControl, id: String) {}
    public func nextContentProposal(_ shell: ShellControl, after item: MediaItem) -> ContentProposal? { nil }
    public func contentProposal(_ shell: ShellControl, id: String, outcome: String) {}
    public func contentProposalAccepted(_ shell: ShellControl, id: String) {}
    public func contentProposalRejected(_ shell: ShellControl, id: String) {}
    public func contentProposalDeferred(_ shell: ShellControl, id: String) {}
}

/// Why picture in picture could not start.
public struct PictureInPictureError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(reason: String) { self.reason = reason }
    public var description: String { "picture in picture could not start: \(reason)" }
}

/// What a delegate may ask of the shell. Run-loop thread only (inside a
/// delegate call, or from elsewhere through `runLoop.perform`). What it asks
/// is queued and done after the shell's current action: a `replaceContent`
/// made inside `skipToNextChannel` takes effect once that call returns.
public protocol ShellControl: AnyObject {
    /// Plays `item` in place of what plays; `completion` (on the run-loop
    /// thread, once) says whether it started (`true`), or failed, was
    /// refused or was replaced before it started (`false`).
    func replaceContent(with item: MediaItem, completion: ((Bool) -> Void)?)
    /// Replaces the built-in swipe-up overlay with these items (nil: back to
    /// the built-in one); activating one calls `customOverlayActivated`.
    func setCustomOverlay(_ items: [OverlayItem]?)
    /// The program's own menus on the transport bar's menu row, after
    /// Subtitles, Audio and Speed (`transportBarCustomMenuItems`): a choice's
    /// activation is `.custom(id)`; taking one calls
    /// `transportBarMenuItemActivated`.
    func setTransportBarMenus(_ menus: [TransportMenu])
    /// Shows `text` for a few seconds as a notice at the bottom of the
    /// screen (as the shell's own warnings are shown); while another is up
    /// it waits its turn (`NoticeReducer`).
    func showNotice(_ text: String)
    /// The program's own items changed while the shell runs (a provider's
    /// lists refreshed): the items with these ids are replaced by `items`,
    /// in their place. Applied when the viewer is next watching full screen
    /// with nothing open and the channel watched is still there (it goes
    /// on, without a reload when its stream is the same), or browsing the
    /// home screen or the guide's list with nothing playing or open (the
    /// selection stays on its item).
    func refreshItems(replacing ids: Set<String>, with items: [MediaItem])
    /// What a source knows of the items with this id (a provider's rating
    /// and plot): filled in where they lack it, never replacing what the
    /// lineup said; a rating known this way gates the item before it opens.
    func setDetails(_ details: ItemDetails, forItem id: String)
    /// Early authorization of restricted items, before presenting them
    /// (safe to use from any thread or task).
    var restrictionsAuthorizer: RestrictionsAuthorizer { get }
    /// For work that must come back to the run loop from elsewhere.
    var runLoop: ShellRunLoop { get }
    /// Puts what plays into the picture in picture (as `p`); when it
    /// cannot, the delegate hears `pictureInPictureFailedToStart`.
    func startPictureInPicture()
    /// Brings the picture back full screen, through the delegate's
    /// `restoreUserInterfaceForPictureInPictureStop`.
    func stopPictureInPicture()
    /// Whether `startPictureInPicture()` would start one now: something
    /// plays full screen, not restricted, and the terminal is at least 60×18.
    var isPictureInPicturePossible: Bool { get }
    /// Whether a picture is up.
    var isPictureInPictureActive: Bool { get }
}
