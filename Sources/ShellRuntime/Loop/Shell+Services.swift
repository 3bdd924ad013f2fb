import Catalog
import CPosix
import Foundation
import Library
import Logging
import MediaModel
import ShellCore
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// What the shell starts beside the loop: the library (off the loop), Now
/// Playing on D-Bus, the wall-clock ticks. Run-loop thread.
extension Shell {
    /// Opens the library off the run loop (playback never waits on it); once
    /// open, the writer goes in the library slot the interpreter reads, and
    /// where the items were left comes in as an action. A damaged or unwritable
    /// library is told once, as a notice.
    func openLibrary() {
        guard configuration.remembers else { return }
        let path = configuration.libraryPath ?? LibraryStore.defaultPath()
        let items = state.items
        let inbox = self.inbox
        let logger = self.logger
        let library = self.library
        let recordings = self.recordings
        DispatchQueue.global().async {
            let (store, problem) = LibraryStore.open(path: path)
            recordings?.libraryOpened(store)
            // The problem is told after the library's answer: whoever sees
            // the notice sees the start item already on its way.
            if let problem { logger.warning("\(problem)") }
            defer { if let problem { inbox.post(.showNotice(problem)) } }
            guard let store else {
                inbox.post(.libraryUnavailable)
                return
            }
            let saved = Dictionary(((try? store.positions()) ?? []).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            var points: [String: ResumePoint] = [:]
            for item in items where !item.isLive {
                if let position = saved[ItemIdentity.key(for: item)] {
                    points[item.url] = ResumePoint(position: position.position, duration: position.duration, watched: position.watched,
                                                   updated: position.updated)
                }
            }
            let writer = LibraryWriter(store: store) { message in
                logger.warning("\(message)")
                inbox.post(.showNotice(message))
            }
            library.open(writer)
            do {
                let reminders = try store.reminders().map {
                    Reminder(channel: $0.channel, start: $0.start, title: $0.title, channelName: $0.channelName)
                }
                inbox.post(.libraryLists(favourites: try store.favourites().map(\.key), reminders: reminders))
                let plays = try store.livePlayCounts()
                if !plays.isEmpty {
                    var counts: [String: Int] = [:]
                    for item in items where item.isLive {
                        if let count = plays[ItemIdentity.key(for: item)] { counts[item.channelKey] = count }
                    }
                    inbox.post(.watchCounts(counts))
                }
            } catch {
                logger.warning("favourites and reminders of \(store.path) cannot be read: \(error)")
            }
            inbox.post(.libraryLoaded(points))
        }
    }

    /// Starts the recordings scheduler when recordings are on: it re-attaches
    /// to recorders still running and reports the list.
    func startRecordings() {
        guard let settings = configuration.recordings else { return }
        guard configuration.remembers else {
            logger.warning("recordings are off: they are kept in the library, and [library] remember is off")
            return
        }
        let service = RecordingService(settings: settings, guide: configuration.guidePlan?.store, inbox: inbox, logger: logger)
        store.observe(service)
        effects.recordings = service
        recordings = service
        service.start()
    }

    /// Publishes Now Playing on the configured bus; without one (no session
    /// bus, a policy that refuses the name) the log says why and the shell
    /// goes on.
    func startNowPlaying() {
        guard configuration.nowPlaying != .none else { return }
        do {
            let server = try MPRISServer(systemBus: configuration.nowPlaying == .system, logger: logger)
            server.actions = store
            server.open = { [weak self] uri in
                self?.playedItems(uri) { read in
                    switch read {
                    case .success(let items): self?.dispatch(.nowPlaying(.open(items), at: MonotonicClock.now()))
                    case .failure(let why): self?.logger.warning("MPRIS OpenUri not played: \(why.message)")
                    }
                }
            }
            store.observe(server)
            server.publish(state, now: MonotonicClock.now())
            mpris = server
            logger.info("Now Playing (MPRIS) as \(server.name)")
        } catch {
            logger.warning("Now Playing (MPRIS) is off: \(error)")
        }
    }

    /// The system clock was set (`ClockSetWatch`): the guide's window is
    /// read again around the new time and the reducer told it at once, so
    /// the passcode gate judges what airs now, not what aired at the old
    /// time (nor nothing, the window far from it).
    func clockWasSet() {
        logger.info("the system clock was set (now \(Date())): the guide's window and the passcode gate look at the time again")
        guideService?.clockWasSet()
        for handler in clockSetHandlers { handler() }
        for keeper in lineupKeepers { keeper.clockWasSet() }
        tickWallClock()
    }

    /// Has `handler` called on the main thread each time the system clock
    /// is set (`ClockSetWatch`), after the guide's and the lineup keepers'
    /// (`keepFresh`). Call before `run()`, on the main thread.
    public func whenClockSet(_ handler: @escaping () -> Void) {
        clockSetHandlers.append(handler)
    }

    /// Tells the reducer the wall-clock time, after the local time's offset
    /// from UTC when that changed (daylight saving time, a new zone); again
    /// as each minute begins, for the clock on the screens, and every 30 s
    /// between while there is a guide to read now / next from or a daily
    /// sleep to keep (`wallClockTickDelay`).
    func tickWallClock() {
        let now = Date().timeIntervalSince1970
        let offset = LocalTime.offset(at: now)
        let change = LocalTime.change(near: now)
        if offset != state.settings.utcOffset {
            logger.info("the local time is now UTC\(LocalTime.describe(offset))")
        }
        if let change, change != state.settings.utcOffsetChange { LocalTime.log(change, logger) }
        if offset != state.settings.utcOffset || change != state.settings.utcOffsetChange {
            dispatch(.utcOffset(offset, change: change))
        }
        dispatch(.wallClock(now, at: MonotonicClock.now()))
        let often = !state.guide.programmes.channelIDs.isEmpty || guidePlan != nil || state.settings.sleepDaily != nil
        nextWallClockTick = MonotonicClock.now() + Self.wallClockTickDelay(now: Date().timeIntervalSince1970, often: often)
    }

    /// Seconds from `now` (wall clock) to the next look at it: just after
    /// the next minute begins (the clock on the home screen, the guide and
    /// the bar turns over with it; it stood still between keys without a
    /// guide), sooner — at most 30 s — when `often`.
    static func wallClockTickDelay(now: Double, often: Bool) -> Double {
        let untilMinute = 60 - now.truncatingRemainder(dividingBy: 60) + 0.05
        return often ? min(30, untilMinute) : untilMinute
    }
}
