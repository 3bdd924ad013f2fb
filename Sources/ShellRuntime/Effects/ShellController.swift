import Foundation
import MediaModel
import ShellCore

/// The one `ShellControl`: what delegates and embedding programs are handed
/// (`Shell.control`). Everything it does is an action sent to the store;
/// it keeps the completions of `replaceContent` until the reducer answers
/// their requests (`finish`, from the effect interpreter).
///
/// Run-loop thread only, except `restrictionsAuthorizer` and `runLoop`
/// (any thread or task).
public final class ShellController: ShellControl {
    private let store: Store
    private let clock: any ShellClock
    private let inbox: ActionInbox
    private let restrictions: RestrictionsService
    /// Completions of `replaceContent`, by the request id the reducer answers.
    private var contentCompletions: [Int: (Bool) -> Void] = [:]
    private var contentRequestCounter = 0

    package init(store: Store, clock: any ShellClock, inbox: ActionInbox, restrictions: RestrictionsService) {
        self.store = store
        self.clock = clock
        self.inbox = inbox
        self.restrictions = restrictions
    }

    /// Plays `item` in place of what plays. Its completion is called once,
    /// on the run loop, when the reducer answers the request: the item
    /// plays, failed, was refused (restricted and not authorized, or a
    /// passcode prompt is up) or was replaced before it played.
    public func replaceContent(with item: MediaItem, completion: ((Bool) -> Void)?) {
        var request: Int?
        if let completion {
            contentRequestCounter += 1
            request = contentRequestCounter
            contentCompletions[contentRequestCounter] = completion
        }
        store.send(.replaceContent(item.resolvingRating(), request: request, at: clock.now()))
    }

    /// The reducer answered `request` (`Effect.finishContentRequest`).
    package func finish(request: Int, success: Bool) {
        contentCompletions.removeValue(forKey: request)?(success)
    }

    /// `replaceContent` requests not answered yet (for tests).
    public var openContentRequests: Int { contentCompletions.count }

    public func setCustomOverlay(_ items: [OverlayItem]?) {
        store.send(.customOverlayItems(items))
    }

    public func setTransportBarMenus(_ menus: [TransportMenu]) {
        store.send(.transportMenus(menus))
    }

    public func showNotice(_ text: String) {
        store.send(.showNotice(text))
    }

    public func setDetails(_ details: ItemDetails, forItem id: String) {
        store.send(.itemDetails(id: id, details, at: clock.now()))
    }

    public func refreshItems(replacing ids: Set<String>, with items: [MediaItem]) {
        store.send(.refreshItems(removing: ids, adding: items.resolvingRatings(), at: clock.now()))
    }

    public var restrictionsAuthorizer: RestrictionsAuthorizer { restrictions.authorizer }

    public var runLoop: ShellRunLoop { ShellRunLoop(inbox: inbox) }

    public func startPictureInPicture() {
        store.send(.startPicture(at: clock.now()))
    }

    public func stopPictureInPicture() {
        store.send(.stopPicture(at: clock.now()))
    }

    public var isPictureInPicturePossible: Bool {
        PictureInPicturePossibility.reason(store.state) == nil
    }

    public var isPictureInPictureActive: Bool { store.state.picture.pip != nil }
}
