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
}

extension ShellDelegate {
    public func nextChannelInterstitial(_ shell: ShellControl, target: MediaItem) -> ChannelInterstitial? { nil }
    public func previousChannelInterstitial(_ shell: ShellControl, target: MediaItem) -> ChannelInterstitial? { nil }
    public func customOverlayActivated(_ shell: ShellControl, id: String) {}
}

/// What a delegate may ask of the shell. Run-loop thread only (inside a
/// delegate call, or via `Shell.perform` from elsewhere).
public protocol ShellControl: AnyObject {
    /// Plays `item` in place of what plays; `completion` (on the run-loop
    /// thread) says whether it started (`true`) or failed (`false`).
    func replaceContent(with item: MediaItem, completion: ((Bool) -> Void)?)
    /// Replaces the built-in swipe-up overlay with these items (nil: back to
    /// the built-in one); activating one calls `customOverlayActivated`.
    func setCustomOverlay(_ items: [OverlayItem]?)
}
