import Catalog
import Foundation
import Logging
import MediaModel

/// Keeps a running shell's lineup read from a URL fresh, on a thread of its
/// own: read again every `maximumAge` (`[play] lineup_refresh`, 12 h) —
/// a box runs for weeks, its provider adds channels and changes their
/// streams' tokens — and, when the shell started from the kept copy
/// (`LineupCopy`) because the server could not be reached, soon: after
/// 15 s, then twice as long each time, at most 10 minutes apart, until it
/// answers. A read that fails later is tried again the same way, the
/// channels shown kept. Each answer with channels is kept as the new copy
/// and, when its channels differ from those shown, handed to `apply` (the
/// ids of the items shown, the lineup's items and guide targets: the
/// running shell shows them once the viewer is only watching or browsing,
/// `ShellControl.refreshItems`, and fetches the guide of channels it
/// gained); `tell` gets the message for the screen. An answer of the same
/// bytes as the last is not parsed again, and only the ids and a digest of
/// the items shown are kept (`Shown`), not the items: a provider's list of
/// 100 MB read again held the shell's items, the refresher's copy of them,
/// the answer's bytes, its parse and its new items at once. Start it once per
/// lineup; it runs until the process ends or `stop()`. A set of the system
/// clock (`clockWasSet()`) has a read that failed tried again at once: an
/// HTTPS server's certificate is "not yet valid" on a box whose clock
/// starts in 1970 until NTP's step. No reading is parsed while the last
/// one applied still waits to be shown (`waiting`): a provider's list of
/// 100 MB changed twice held the lineup shown, the one waiting and the next
/// parse at once; the next reading comes once it is shown. Meanwhile the
/// lineup is still read every `maximumAge` and only kept as the copy (when
/// its first lines hold a channel): a viewer who watches a channel the
/// provider dropped, or a kiosk on the guide's grid, keeps a refresh waiting
/// for days, and the copy a start without the server plays (its streams'
/// tokens) aged with it.
public final class LineupRefresher: Sendable {
    let location: String
    let copy: LineupCopy
    let maximumAge: Double
    let logger: Logger
    let firstRetry: Double
    let tell: @Sendable (String) -> Void
    let apply: @Sendable (_ replacing: Set<String>, _ items: [MediaItem], _ targets: [GuideTarget]) -> Void
    let waiting: @Sendable () -> Bool
    /// For a lineup awaited (`startAwaiting`): its first answer with
    /// channels, with the guides it names (`x-tvg-url`), instead of `apply`
    /// and `tell`.
    private let arrived: (@Sendable (_ items: [MediaItem], _ targets: [GuideTarget], _ guideURLs: [String]) -> Void)?
    /// For a lineup awaited: why each reading before its first answer failed.
    private let unread: (@Sendable (String) -> Void)?
    private let lock = NSLock()
    nonisolated(unsafe) private var stopped = false
    nonisolated(unsafe) private var clockSet = false
    /// Signalled by `stop()` and `clockWasSet()`; waited on with the
    /// monotonic clock, so a step of the wall clock neither cuts nor
    /// stretches a wait.
    private let wake = DispatchSemaphore(value: 0)

    /// `firstRetry`: seconds before the first try after a failure (15;
    /// tests give less). `waiting`: whether a refresh `apply` was given
    /// still waits to be shown (`Shell.isRefreshWaiting()`); any thread.
    public init(location: String, copy: LineupCopy, maximumAge: Double, logger: Logger, firstRetry: Double = 15,
                tell: @escaping @Sendable (String) -> Void,
                apply: @escaping @Sendable (_ replacing: Set<String>, _ items: [MediaItem], _ targets: [GuideTarget]) -> Void,
                waiting: @escaping @Sendable () -> Bool = { false },
                arrived: (@Sendable (_ items: [MediaItem], _ targets: [GuideTarget], _ guideURLs: [String]) -> Void)? = nil,
                unread: (@Sendable (String) -> Void)? = nil) {
        self.waiting = waiting
        self.arrived = arrived
        self.unread = unread
        self.location = location
        self.copy = copy
        self.maximumAge = maximumAge
        self.logger = logger
        self.firstRetry = firstRetry
        self.tell = tell
        self.apply = apply
    }

    /// `shown`: the lineup's items the shell shows; `fromCopy`: they came
    /// from the kept copy, the server not answering; `bytes`: the `digest`
    /// of the bytes they were parsed from (the same answer is then not
    /// parsed again).
    public func start(shown: [MediaItem], fromCopy: Bool, bytes: Int? = nil) {
        let handoff = Handoff(shown)
        let thread = Thread { [self] in
            let shown = Shown(handoff.take())
            run(shown: shown, failures: fromCopy ? 1 : 0, lastBytes: bytes)
        }
        thread.name = "lineup refresh"
        thread.start()
    }

    /// A lineup the shell started without (a box's start with no copy
    /// kept, `Shell.awaitLineup`): read after `firstRetry`, then as after a
    /// failure, until it answers with channels; that answer goes to
    /// `arrived` (kept as the copy), and a lineup URL is then kept fresh
    /// as any other (a file, as a file given at a start, is not read
    /// again).
    public func startAwaiting() {
        let thread = Thread { [self] in
            run(shown: Shown([]), failures: 1, lastBytes: nil, awaiting: true)
        }
        thread.name = "lineup refresh"
        thread.start()
    }

    /// The items shown, given to the thread and let go there (the thread's
    /// block holds what it takes for as long as it runs).
    private final class Handoff: @unchecked Sendable {
        private var items: [MediaItem]?
        init(_ items: [MediaItem]) { self.items = items }
        /// The items, once (the thread's start only).
        func take() -> [MediaItem] {
            defer { items = nil }
            return items ?? []
        }
    }

    /// What is kept of the items shown: their ids (what an answer replaces)
    /// and a digest to tell an answer's from them. Not the items: a
    /// provider's 350 000 were 70 MB more, kept for the comparison alone.
    struct Shown {
        var ids: Set<String>
        var digest: Int

        init(_ items: [MediaItem]) {
            ids = Set(items.map(\.id))
            digest = Self.digest(items)
        }

        static func digest(_ items: [MediaItem]) -> Int {
            var hasher = Hasher()
            hasher.combine(items)
            return hasher.finalize()
        }
    }

    /// A digest of an answer's bytes: the same bytes as the last answer's
    /// are not parsed again (a list of 100 MB read every 12 h). Digests are
    /// of this process only.
    public static func digest(_ data: Data) -> Int {
        var hasher = Hasher()
        data.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }

    /// Ends the thread before its next read (a read under way finishes,
    /// its answer kept but not applied). Any thread.
    public func stop() {
        lock.withLock { stopped = true }
        wake.signal()
    }

    /// The system clock was set (`Shell.whenClockSet`): a read that failed
    /// is tried again now, not after its wait; one that worked keeps its
    /// wait. Any thread.
    public func clockWasSet() {
        lock.withLock { clockSet = true }
        wake.signal()
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// Waits `seconds`, or less when stopped or, with `failing`, when the
    /// clock is set (during the read that failed too); whether it was
    /// stopped.
    private func waitStopped(_ seconds: Double, failing: Bool) -> Bool {
        let deadline = DispatchTime.now() + seconds
        while wake.wait(timeout: deadline) == .success {
            let (stop, set) = lock.withLock { () -> (Bool, Bool) in
                defer { clockSet = false }
                return (stopped, clockSet)
            }
            if stop { return true }
            if set && failing {
                logger.info("lineup \(URLRedaction.redact(location)): the system clock was set, read again now")
                return false
            }
        }
        return isStopped
    }

    /// Seconds between looks at whether the last reading is shown yet.
    static let waitingPoll = 5.0

    /// Seconds before the next read: `maximumAge` after one that worked
    /// (`failures` 0), else after the `failures`th failure in a row.
    static func delay(failures: Int, first: Double, maximumAge: Double) -> Double {
        guard failures > 0 else { return maximumAge }
        return min(maximumAge, 600, first * pow(2, Double(min(20, failures - 1))))
    }

    /// `awaiting`: the shell shows nothing of this lineup yet (`startAwaiting`).
    private func run(shown: Shown, failures: Int, lastBytes: Int?, awaiting: Bool = false) {
        let label = URLRedaction.redact(location)
        var shown = shown
        var failures = failures
        var lastBytes = lastBytes
        var awaiting = awaiting
        while true {
            if waitStopped(Self.delay(failures: failures, first: firstRetry, maximumAge: maximumAge), failing: failures > 0) { return }
            if waiting(), waitShown(label: label, failures: &failures) { return }
            guard let answer = read(label: label, lastBytes: &lastBytes, failures: &failures, unread: awaiting ? unread : nil) else { continue }
            // The parse's pages, freed in this thread's arena, go back.
            defer { MemoryPolicy.trimSoon() }
            if isStopped { return }
            let digest = Shown.digest(answer.items)
            if awaiting, let arrived {
                logger.info("lineup \(label) read: \(answer.items.count) channels, awaited since the start")
                arrived(answer.items, answer.targets, answer.guideURLs)
                guard LineupCopy.keeps(location) else { return }
                shown = Shown(answer.items)
                awaiting = false
            } else if digest == shown.digest {
                logger.info("lineup \(label) read again: unchanged")
            } else {
                let count = answer.items.count
                logger.info("lineup \(label) read again: \(count) channels, shown once the viewer is only watching or browsing")
                apply(shown.ids, answer.items, answer.targets)
                tell("The lineup was read again: \(count) channel\(count == 1 ? "" : "s")")
                shown = Shown(answer.items)
            }
        }
    }

    /// Waits until the last reading applied is shown, looking every
    /// `waitingPoll`; meanwhile the lineup is read every `maximumAge` (the
    /// first at once: the reading was due) and kept as the copy, not
    /// parsed (`keepCopyOnly`). Whether it was stopped.
    private func waitShown(label: String, failures: inout Int) -> Bool {
        logger.info("lineup \(label): the last reading is not shown yet; read again once it is, its copy kept meanwhile")
        var due = DispatchTime.now()
        while waiting() {
            if DispatchTime.now() >= due {
                keepCopyOnly(label: label, failures: &failures)
                due = DispatchTime.now() + Self.delay(failures: failures, first: firstRetry, maximumAge: maximumAge)
            }
            if waitStopped(min(maximumAge, Self.waitingPoll), failing: false) { return true }
        }
        return false
    }

    /// Reads the lineup and keeps its bytes as the copy when its first
    /// lines hold a channel (`beginsWithChannel`), without parsing it
    /// whole or applying it (the next reading once the last is shown
    /// does). The bytes are let go before it returns.
    private func keepCopyOnly(label: String, failures: inout Int) {
        defer { MemoryPolicy.trimSoon() }
        guard let data = fetch(label: label, failures: &failures, stays: "its copy stays") else { return }
        guard Self.beginsWithChannel(data) else {
            failures += 1
            logger.warning("lineup \(label) answered with no channels in its first lines; its copy is not replaced")
            return
        }
        failures = 0
        keepCopy(data, label: label)
        logger.info("lineup \(label) read again and kept as its copy; shown once the last reading is")
    }

    /// The most of a lineup's first bytes `beginsWithChannel` parses.
    static let headBytes = 256 << 10

    /// Whether the lineup `data` holds a channel within its first
    /// `headBytes` (up to its last whole line there): an answer that is
    /// an error page or an empty list is not kept as the copy, and a list
    /// of 100 MB is not parsed whole for that.
    static func beginsWithChannel(_ data: Data) -> Bool {
        var head = data.prefix(headBytes)
        if head.count < data.count, let newline = head.lastIndex(of: 10) { head = head[..<newline] }
        return InputLoader.parseLineup(Data(head)).map { !$0.channels.isEmpty } ?? false
    }

    /// Reads the lineup once: its items and guide targets, or nil when it
    /// could not be read, had no channels (`failures` counts them), or
    /// answered the same bytes as the last answer (`lastBytes`), which is
    /// not parsed again. An answer with channels is kept as the copy. Its
    /// bytes and its parse are let go before the caller goes on.
    /// `unread`: told why a reading failed.
    private func read(label: String, lastBytes: inout Int?, failures: inout Int, unread: (@Sendable (String) -> Void)? = nil)
        -> (items: [MediaItem], targets: [GuideTarget], guideURLs: [String])? {
        // The bytes go before the items are made from their parse (a list
        // of 100 MB was held beside its channels and their items).
        guard let parsed = readParsed(label: label, lastBytes: &lastBytes, failures: &failures, unread: unread) else { return nil }
        let channels = parsed.playableChannels()
        return (MediaFolder.lineupSidecars(channels.items), channels.targets, parsed.guideURLs)
    }

    /// The lineup's bytes, or nil when it cannot be read: the failure is
    /// counted (`failures`) and logged with what `stays` and when it is
    /// tried again.
    private func fetch(label: String, failures: inout Int, stays: String, unread: (@Sendable (String) -> Void)? = nil) -> Data? {
        do {
            return try InputLoader.lineup(location)
        } catch {
            failures += 1
            let again = Int(Self.delay(failures: failures, first: firstRetry, maximumAge: maximumAge))
            logger.warning("lineup \(label) cannot be read (\(Self.reason(error))); \(stays), tried again in \(again) s")
            unread?(Self.reason(error))
            return nil
        }
    }

    /// `read`'s bytes and their parse: nil as `read` says.
    private func readParsed(label: String, lastBytes: inout Int?, failures: inout Int, unread: (@Sendable (String) -> Void)? = nil) -> Lineup? {
        let stays = unread == nil ? "its channels shown stay" : "the shell has none of its channels yet"
        guard let data = fetch(label: label, failures: &failures, stays: stays, unread: unread) else { return nil }
        let bytes = Self.digest(data)
        if bytes == lastBytes {
            failures = 0
            keepCopy(data, label: label)
            logger.info("lineup \(label) read again: unchanged (the same bytes)")
            return nil
        }
        guard let parsed = InputLoader.parseLineup(data, from: location), !parsed.channels.isEmpty else {
            failures += 1
            logger.warning("lineup \(label) answered with no channels; its channels shown stay")
            unread?("its answer has no channels")
            return nil
        }
        failures = 0
        lastBytes = bytes
        keepCopy(data, label: label)
        return parsed
    }

    /// Keeps `data` as the copy of a lineup URL (a file awaited has none).
    private func keepCopy(_ data: Data, label: String) {
        guard LineupCopy.keeps(location) else { return }
        do {
            try copy.keep(data, for: location)
        } catch {
            logger.warning("lineup \(label): its copy cannot be kept: \(error)")
        }
    }

    /// The reason in an `InputLoader.Failure`, without its location (which
    /// the log names redacted).
    static func reason(_ error: Error) -> String {
        URLRedaction.redactingURLs(in: (error as? InputLoader.Failure)?.reason ?? "\(error)")
    }
}
