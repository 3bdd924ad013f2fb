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

    let mostEntries: Int
    let tooLargeLooks: Int

    /// `mostEntries`: as `MediaFolder.files(in:mostEntries:)`. A directory
    /// found too large is walked again only every `tooLargeLooks`-th look
    /// (`LookPacing`).
    public init(locations: [String], interval: Double = 2, mostEntries: Int = MediaFolder.mostEntries, tooLargeLooks: Int = LookPacing.tooLargeLooks,
                logger: Logger, unread: @escaping @Sendable (String) -> Void, found: @escaping @Sendable ([MediaItem]) -> Void) {
        self.locations = locations
        self.interval = interval
        self.mostEntries = mostEntries
        self.tooLargeLooks = tooLargeLooks
        self.logger = logger
        self.unread = unread
        self.found = found
    }

    /// `reason`: why they held nothing at the start (already told).
    public func start(reason: String) {
        let (locations, mostEntries) = (locations, mostEntries)
        let pacing = Paced(LookPacing(tooLargeLooks: tooLargeLooks))
        LookingAgain.start(name: "media wait", reason: reason, interval: interval, wake: wake, logger: logger, stopped: { [self] in isStopped },
                           look: { () -> Result<[MediaItem], LookingAgain.Reason> in
                               if let held = pacing.skip() { return .failure(LookingAgain.Reason(words: held.description)) }
                               let read = MediaFolder.items(locations, missingAwaited: true, mostEntries: mostEntries)
                               pacing.looked(read)
                               return read.mapError { LookingAgain.Reason(words: $0.description) }
                           },
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

/// How often a `MediaWait` walks its paths: at every look, but after one
/// found a directory too large (`MediaFolder.Problem.tooLarge`) only every
/// `tooLargeLooks`-th (ten minutes at 2 s): a walk of a million files and
/// folders takes seconds of a core, and such a directory does not shrink
/// by itself. Pure.
public struct LookPacing: Equatable, Sendable {
    public static let tooLargeLooks = 300
    public let tooLargeLooks: Int
    private var held: MediaFolder.Problem?
    private var skips = 0

    public init(tooLargeLooks: Int = Self.tooLargeLooks) {
        self.tooLargeLooks = max(1, tooLargeLooks)
    }

    /// The problem this look is skipped for (the last one found), or nil:
    /// look.
    public mutating func skip() -> MediaFolder.Problem? {
        guard let held, skips > 0 else { return nil }
        skips -= 1
        return held
    }

    /// What a look read.
    public mutating func looked(_ read: Result<[MediaItem], MediaFolder.Problem>) {
        if case .failure(let problem) = read, case .tooLarge = problem {
            held = problem
            skips = tooLargeLooks - 1
        } else {
            held = nil
            skips = 0
        }
    }
}

/// A `LookPacing` shared with the wait's thread.
private final class Paced: @unchecked Sendable {
    private let lock = NSLock()
    private var pacing: LookPacing
    init(_ pacing: LookPacing) { self.pacing = pacing }
    func skip() -> MediaFolder.Problem? { lock.withLock { pacing.skip() } }
    func looked(_ read: Result<[MediaItem], MediaFolder.Problem>) { lock.withLock { pacing.looked(read) } }
}
