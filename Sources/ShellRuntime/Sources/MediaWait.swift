import Foundation
import Logging
import MediaModel

/// A box started with media paths that hold nothing to play yet (a USB
/// stick's folder not plugged in or mounted, an empty share): the shell
/// starts without them (`LineupWait`), instead of exiting every 2 s under
/// systemd with the TV black. The paths are looked at again every
/// `interval` seconds on a thread of its own, `unread` told whenever the
/// reason changes; once any holds media, `found` is given their items (once;
/// the thread then ends). Start it once. Its methods may be called from any
/// thread.
public final class MediaWait: LineupKeeper {
    let locations: [String]
    let interval: Double
    let logger: Logger
    let unread: @Sendable (String) -> Void
    let found: @Sendable ([MediaItem]) -> Void
    private let lock = NSLock()
    nonisolated(unsafe) private var stopped = false
    /// Signalled by `stop()` and `clockWasSet()`.
    private let wake = DispatchSemaphore(value: 0)

    public init(locations: [String], interval: Double = 2, logger: Logger,
                unread: @escaping @Sendable (String) -> Void, found: @escaping @Sendable ([MediaItem]) -> Void) {
        self.locations = locations
        self.interval = interval
        self.logger = logger
        self.unread = unread
        self.found = found
    }

    /// `reason`: why they held nothing at the start (already told).
    public func start(reason: String) {
        let locations = locations
        LookingAgain.start(name: "media wait", reason: reason, interval: interval, wake: wake, logger: logger, stopped: { [self] in isStopped },
                           look: { MediaFolder.items(locations, missingAwaited: true).mapError { LookingAgain.Reason(words: $0.description) } },
                           unread: unread) { [self] items in
            logger.info("\(locations.joined(separator: ", ")): \(items.count) to play now; shown")
            // Not after `stop()`: another lineup replaced the wait.
            guard !isStopped else { return }
            found(items)
        }
    }

    public func stop() {
        lock.withLock { stopped = true }
        wake.signal()
    }

    /// Looks at once (a drive is often mounted as the clock is set at boot).
    public func clockWasSet() {
        wake.signal()
    }

    private var isStopped: Bool { lock.withLock { stopped } }
}
