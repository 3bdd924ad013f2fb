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
}

extension ShellDelegate {
    public func nextChannelInterstitial(_ shell: ShellControl, target: MediaItem) -> ChannelInterstitial? { nil }
    public func previousChannelInterstitial(_ shell: ShellControl, target: MediaItem) -> ChannelInterstitial? { nil }
    public func customOverlayActivated(_ shell: ShellControl, id: String) {}
    public func playbackRestrictionsAuthorizationRequested(_ shell: ShellControl, item: MediaItem) {}
    public func playbackRestrictionsAuthorizationGranted(_ shell: ShellControl, item: MediaItem) {}
    public func playbackRestrictionsAuthorizationDenied(_ shell: ShellControl, item: MediaItem, reason: String) {}
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
    /// Early authorization of restricted items, before presenting them
    /// (safe to use from any thread or task).
    var restrictionsAuthorizer: RestrictionsAuthorizer { get }
    /// For work that must come back to the run loop from elsewhere.
    var runLoop: ShellRunLoop { get }
}
