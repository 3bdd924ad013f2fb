import Catalog
import CRecorder
import Foundation
import GuideStore
import Library
import Logging
import MediaModel
import ShellCore
#if canImport(Glibc)
import Glibc
#endif

/// The recordings scheduler, on a thread of its own: keeps what is asked
/// (`schedule`, `cancel`) in the library, starts each recording at its time
/// as a recorder process of its own session (it outlives the shell, and
/// playback never waits on it), counts them against `[live]
/// max_connections` (one that cannot start yet waits, says why, and starts
/// when a connection frees), re-attaches on start to recorders still
/// running (or resumes one that died into a further part), schedules each
/// "Record series" rule's airings from the stored guide, and posts the list
/// (`Action.recordings`) whenever it changes. `schedule`, `cancel`,
/// `useGuide` and `stateChanged` may be called from any thread.
final class RecordingService: StateObserver, @unchecked Sendable {
    private let settings: RecordingsSettings
    /// The stored guide series rules are scheduled from (under `condition`).
    private var guide: GuideStore?
    private let inbox: ActionInbox
    private let logger: Logger
    private let condition = NSCondition()
    private var requests: [RecordRequest] = []
    private var cancels: [String] = []
    private var shellStreams = 0
    private var maxConnections: Int?
    private var running = true
    /// Set when something may let a waiting recording start (a connection freed).
    private var woken = false
    /// Set when the series rules must be looked at again now (a new guide).
    private var rulesStale = false
    private var thread: Thread?
    /// The shell's library once it is open (nil inside: there is none).
    private var library: LibraryStore??
    /// Only the service's thread touches these.
    private var store: LibraryStore?
    private var lastPosted: [RecordingInfo]?
    private var postedItems: Set<String> = []
    private var rulesChecked = 0.0
    private var toldNoLibrary = false
    /// Recordings whose viewer was told they may not fit: not told again.
    private var toldOfSpace: Set<String> = []
    /// Recordings a recorder was started for after their end, to finish
    /// their parts: once per run (one that cannot start is not started
    /// again every second).
    private var mending: Set<String> = []

    init(settings: RecordingsSettings, guide: GuideStore?, inbox: ActionInbox, logger: Logger) {
        self.settings = settings
        self.guide = guide
        self.inbox = inbox
        self.logger = logger
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "recordings"
        self.thread = thread
        thread.start()
    }

    /// The stored guide changed place or came (`guide URL` on a box that
    /// kept none): series rules are scheduled from it, at once.
    func useGuide(_ store: GuideStore) {
        condition.lock()
        guide = store
        woken = true
        rulesStale = true
        condition.signal()
        condition.unlock()
    }

    /// Stops the scheduler (recorders go on: they outlive the shell).
    func stop() {
        condition.lock()
        running = false
        condition.signal()
        condition.unlock()
    }

    /// The library the shell opened (nil: it has none): the scheduler
    /// starts once it is known, sharing it (a second connection's
    /// migrations would race the shell's).
    func libraryOpened(_ store: LibraryStore?) {
        condition.lock()
        library = .some(store)
        condition.signal()
        condition.unlock()
    }

    func schedule(_ request: RecordRequest) {
        condition.lock()
        requests.append(request)
        condition.signal()
        condition.unlock()
    }

    func cancel(_ id: String) {
        condition.lock()
        cancels.append(id)
        condition.signal()
        condition.unlock()
    }

    func stateChanged(by action: Action, effects: [Effect], to state: ShellState) {
        let streams = state.openStreams - state.recordings.activeCount
        guard streams != shellStreams || state.settings.maxConnections != maxConnections else { return }
        condition.lock()
        if streams < shellStreams || state.settings.maxConnections != maxConnections {
            woken = true
            condition.signal()
        }
        shellStreams = streams
        maxConnections = state.settings.maxConnections
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            guard running else { condition.unlock(); return }
            guard let known = library else {
                _ = condition.wait(until: Date().addingTimeInterval(1))
                condition.unlock()
                continue
            }
            store = known
            let (newRequests, newCancels, streams, cap, guideNow) = (requests, cancels, shellStreams, maxConnections, guide)
            if rulesStale { rulesChecked = 0 }
            requests = []
            cancels = []
            woken = false
            rulesStale = false
            condition.unlock()
            // Read before the pass: a change made during it wakes the next.
            let seen = try? store?.changeCount()
            let wait = pass(newRequests, newCancels, streams: streams, cap: cap, guide: guideNow)
            waitForWork(until: Date().addingTimeInterval(wait), seen: seen)
        }
    }

    /// Sleeps until `due`, or until something is asked, a connection frees,
    /// or another process changes the library from what it was (`seen`,
    /// looked at every `libraryCheck` seconds: a recording `tvshell
    /// recordings` deleted leaves the home screen at once, not at the next
    /// pass).
    private func waitForWork(until due: Date, seen: Int?) {
        condition.lock()
        defer { condition.unlock() }
        while running && requests.isEmpty && cancels.isEmpty && !woken && Date() < due {
            _ = condition.wait(until: min(due, Date().addingTimeInterval(Self.libraryCheck)))
            guard running && requests.isEmpty && cancels.isEmpty && !woken && Date() < due else { return }
            condition.unlock()
            let now = try? store?.changeCount()
            condition.lock()
            if now != seen { return }
        }
    }

    /// Seconds between looks at whether another process changed the library.
    static let libraryCheck = 1.0

    /// One look at everything; returns how long until the next is needed:
    /// a second while a recording is made (its progress), until the next
    /// start, else a minute (series rules; changes `tvshell recordings`
    /// makes wake it sooner: `waitForWork`).
    private func pass(_ newRequests: [RecordRequest], _ newCancels: [String], streams: Int, cap: Int?, guide: GuideStore?) -> Double {
        guard let store else {
            if !toldNoLibrary {
                toldNoLibrary = true
                logger.error("recordings are off: there is no library to keep them in")
            }
            for request in newRequests { inbox.post(.showNotice("\(request.title) cannot be recorded: the library cannot be opened")) }
            return 60
        }
        let now = Date().timeIntervalSince1970
        for request in newRequests { add(request, store: store, guide: guide, now: now) }
        for id in newCancels { stopOrForget(id, store: store) }
        if now - rulesChecked >= 60 || !newRequests.isEmpty {
            rulesChecked = now
            scheduleSeries(store: store, guide: guide, now: now)
        }
        var recordings = (try? store.recordings()) ?? []
        for index in recordings.indices {
            let active = recordings.filter { $0.status == RecordingInfo.Status.active.rawValue }.count
            let before = recordings[index]
            advance(&recordings[index], used: streams + active, cap: cap, now: now)
            if recordings[index] != before { try? store.update(recordings[index]) }
        }
        checkMeasuredSpace(recordings, now: now)
        post(recordings)
        let after = Date().timeIntervalSince1970
        var wait = 60.0
        for recording in recordings {
            switch RecordingInfo.Status(rawValue: recording.status) {
            case .active: wait = min(wait, 1)
            case .waiting: wait = min(wait, 5)
            case .scheduled: wait = min(wait, max(0.05, recording.start - after))
            default: break
            }
        }
        return wait
    }

    // MARK: - Scheduling

    /// `warnsOfSpace`: tell the viewer when it likely will not fit (not for
    /// each airing a series rule adds: its first was told).
    /// `guide`: the stored guide, for the programmes the span holds.
    private func add(_ request: RecordRequest, store: LibraryStore, guide: GuideStore?, now: Double, warnsOfSpace: Bool = true) {
        let item = request.channel
        let key = item.channelKey
        let existing = (try? store.recordings()) ?? []
        if existing.contains(where: { $0.channelKey == key && $0.programmeStart == request.start && Self.isPending($0.status) }) {
            inbox.post(.showNotice("\(request.title) is already to be recorded"))
            return
        }
        let start = request.padded && request.start > now ? request.start - settings.paddingBefore : max(request.start, now)
        let end = request.end + (request.padded ? settings.paddingAfter : 0)
        guard end > now else {
            inbox.post(.showNotice("\(request.title) has ended: it cannot be recorded"))
            return
        }
        var id = "\(Int(request.start))-\(Self.slug(key))"
        var n = 2
        while existing.contains(where: { $0.id == id }) {
            id = "\(Int(request.start))-\(Self.slug(key))-\(n)"
            n += 1
        }
        let headers = (try? String(data: JSONEncoder().encode(item.headers), encoding: .utf8)) ?? "{}"
        let alternates = RecordingJob.Stream.encode(item.alternates)
        // Held also to every programme the padded span holds a part of, by
        // the stored guide (the shell's window may not reach that far).
        let during = (try? guide?.programmes(key: key, overlapping: start, end)) ?? []
        let heldTo = ContentRating.strictestOfEachKind(request.heldTo + during.flatMap { $0.ratings.compactMap(\.resolved) })
        var saved = SavedRecording(id: id, channelNumber: item.number, channelName: item.title, channelKey: key, url: item.url, headers: headers,
                                   alternates: alternates, title: request.title, summary: request.summary, rating: request.rating,
                                   ratings: RatingsTable.keep(heldTo), artwork: item.logo,
                                   programmeStart: request.start, start: start, end: end, series: request.series,
                                   status: RecordingInfo.Status.scheduled.rawValue, created: now)
        saved.series = request.series
        do {
            try store.save(saved)
            if request.series {
                try store.save(RecordingRule(id: key + "|" + request.title, channelNumber: item.number, channelName: item.title, channelKey: key,
                                             url: item.url, headers: headers, alternates: alternates, title: request.title,
                                             channelRatings: RatingsTable.keep(item.ratingsHeldTo), created: now))
            }
            logger.info("recording \(id) of \(request.title) on \(item.title) from \(Int(start)) to \(Int(end))\(request.series ? " (series)" : "")")
            if warnsOfSpace, let free = RecordingSpace.freeBytes(at: settings.directory),
               let warning = RecordingSpace.warning(title: request.title, seconds: end - start, rate: RecordingSpace.rate(channelKey: key, in: existing),
                                                    free: free, directory: settings.directory) {
                logger.warning("recording \(id): \(warning)")
                toldOfSpace.insert(id)
                inbox.post(.showNotice(warning))
            }
        } catch {
            logger.error("recording of \(request.title) cannot be kept: \(error)")
            inbox.post(.showNotice("\(request.title) cannot be recorded: the library refused it (\(error))"))
        }
    }

    /// Every airing of each series rule's title on its channel in the next
    /// week, from the stored guide.
    private func scheduleSeries(store: LibraryStore, guide: GuideStore?, now: Double) {
        guard let guide, let rules = try? store.recordingRules(), !rules.isEmpty else { return }
        for rule in rules {
            guard let airings = try? guide.airings(key: rule.channelKey, title: rule.title, from: now, to: now + 7 * 86_400) else { continue }
            let existing = (try? store.recordings()) ?? []
            for programme in airings {
                guard let stop = programme.stop, !existing.contains(where: { $0.channelKey == rule.channelKey && $0.programmeStart == programme.start }) else { continue }
                var channel = MediaItem(id: rule.channelKey, title: rule.channelName, url: rule.url, isLive: true, number: rule.channelNumber, guideID: rule.channelKey)
                channel.headers = (try? JSONDecoder().decode([String: String].self, from: Data(rule.headers.utf8))) ?? [:]
                channel.alternates = RecordingJob.Stream.decode(rule.alternates).map { StreamAlternate(url: $0.url, headers: $0.headers) }
                let channelRatings = rule.channelRatings.map { RatingsTable.standard.readKept($0) } ?? []
                channel.contentRating = channelRatings.first
                channel.moreRatings = Array(channelRatings.dropFirst())
                channel.rating = channelRatings.first?.code
                let (rating, understood) = RecordRequest.ratings(channel, programme)
                add(RecordRequest(channel: channel, title: rule.title, start: programme.start, end: stop, rating: rating, heldTo: understood,
                                  summary: programme.summary, series: true), store: store, guide: guide, now: now, warnsOfSpace: false)
            }
        }
    }

    private func stopOrForget(_ id: String, store: LibraryStore) {
        guard let recording = try? store.recording(id) else { return }
        switch RecordingInfo.Status(rawValue: recording.status) {
        case .active:
            if let pid = recording.pid, isRunning(recording) { kill(pid_t(pid), SIGTERM) }
            logger.info("recording \(id) stopped early")
        case .scheduled, .waiting:
            do {
                try store.deleteRecording(id)
                logger.info("recording \(id) cancelled")
            } catch {
                logger.warning("recording \(id) could not be cancelled: \(error)")
            }
        default:
            break
        }
    }

    // MARK: - Running

    private func advance(_ recording: inout SavedRecording, used: Int, cap: Int?, now: Double) {
        switch Self.status(recording) {
        case .scheduled, .waiting:
            guard recording.start <= now else { return }
            guard now < recording.end - 1 else {
                recording.reason = recording.status == RecordingInfo.Status.waiting.rawValue
                    ? "no connection was free before its end" : "missed: tvshell was not running at its time"
                recording.status = RecordingInfo.Status.failed.rawValue
                return
            }
            if let cap, used >= cap {
                recording.status = RecordingInfo.Status.waiting.rawValue
                recording.reason = "every connection is in use ([live] max_connections \(cap)): it starts when one frees"
                return
            }
            // Another shell on this library may be here too: one starts it.
            guard (try? store?.claimRecording(recording.id)) == true else { return }
            start(&recording, part: 1, now: now)
        case .active:
            let progress = RecordingProgress.read(statusPath(recording.id))
            if let progress {
                recording.bytes = max(recording.bytes, progress.bytes)
                recording.duration = max(recording.duration, progress.seconds)
                // While it records: why its stream is being asked again, if it is.
                if progress.state == .recording { recording.reason = progress.reason }
            }
            switch progress?.state {
            case .finished?:
                recording.status = (recording.bytes > 0 ? RecordingInfo.Status.finished : .failed).rawValue
                recording.reason = recording.bytes == 0 ? "nothing was recorded" : progress?.reason
                recording.pid = nil
                logger.info("recording \(recording.id) finished: \(recording.bytes) bytes, \(Int(recording.duration)) s")
            case .failed?:
                recording.status = RecordingInfo.Status.failed.rawValue
                recording.reason = progress?.reason ?? "the recording stopped"
                recording.pid = nil
                logger.warning("recording \(recording.id) failed: \(recording.reason ?? "") (its recorder's log: \(RecordingsSettings.logPath(statusDirectory: settings.statusDirectory, id: recording.id)))")
            default:
                guard !isRunning(recording) else { return }
                // The recorder went without a word (killed, the machine
                // restarted): what is left of the time goes into a new part.
                if now < recording.end - 2 {
                    logger.warning("recording \(recording.id): its recorder is gone; resuming into a new part")
                    start(&recording, part: nextPart(recording), now: now)
                } else if recording.bytes > 0, recording.path != nil, progress?.reason != PartMender.reason, !mending.contains(recording.id) {
                    // After its end: a recorder finishes the part it left.
                    logger.warning("recording \(recording.id): its recorder is gone; finishing its files")
                    mending.insert(recording.id)
                    start(&recording, part: nextPart(recording), now: now)
                } else {
                    recording.status = (recording.bytes > 0 ? RecordingInfo.Status.finished : .failed).rawValue
                    if recording.bytes == 0 { recording.reason = "the recorder stopped before writing anything" }
                    recording.pid = nil
                }
            }
        case .finished, .failed:
            return
        }
    }

    private func start(_ recording: inout SavedRecording, part: Int, now: Double) {
        do {
            for directory in [settings.statusDirectory, settings.directory] {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
        } catch {
            recording.status = RecordingInfo.Status.failed.rawValue
            recording.reason = "the recordings folder \(settings.directory) cannot be made (\(error.localizedDescription))"
            return
        }
        let path = part == 1 ? fileName(recording) : RecordingsSettings.partPath(recording.path ?? fileName(recording), part: part)
        let headers = (try? JSONDecoder().decode([String: String].self, from: Data(recording.headers.utf8))) ?? [:]
        let job = RecordingJob(id: recording.id, url: recording.url, headers: headers, alternates: RecordingJob.Stream.decode(recording.alternates),
                               path: path, firstPath: recording.path ?? path,
                               recordedBefore: part == 1 ? nil : RecordingJob.Recorded(bytes: recording.bytes, seconds: recording.duration),
                               tags: RecordingItem.tags(of: recording), stopAt: recording.end,
                               statusPath: statusPath(recording.id))
        unlink(job.statusPath)
        guard let input = try? JSONEncoder().encode(job), let executable = settings.recorder.first else { return }
        let arguments = ["tvshell-recorder"] + settings.recorder.dropFirst() + [recording.id]
        var pid: Int32 = 0
        let spawned = input.withUnsafeBytes { bytes in
            withCStrings(arguments) { argv in
                tvs_recorder_spawn(executable, argv, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count,
                                   RecordingsSettings.logPath(statusDirectory: settings.statusDirectory, id: recording.id), &pid)
            }
        }
        guard spawned == 0 else {
            recording.status = RecordingInfo.Status.failed.rawValue
            recording.reason = "the recorder cannot be started (\(String(cString: strerror(errno))))"
            return
        }
        recording.status = RecordingInfo.Status.active.rawValue
        recording.reason = nil
        recording.pid = Int(pid)
        if part == 1 { recording.path = path }
        logger.info("recording \(recording.id) started (part \(part), pid \(pid)) into \(path)")
        if part == 1 { checkSpace(recording, now: now) }
    }

    /// From the time a recording has `RecordingSpace.measuredOver` seconds
    /// in it, the space is looked at on every pass by the rate it is coming
    /// to, beside what the others under way still need (by theirs, or their
    /// channel's): a channel above 8 Mbit/s is found out then, and so is a
    /// rate that rises later or a disk that something else fills. Told once
    /// per recording.
    private func checkMeasuredSpace(_ recordings: [SavedRecording], now: Double) {
        let active = recordings.filter { $0.status == RecordingInfo.Status.active.rawValue }
        func rate(_ recording: SavedRecording) -> RecordingSpace.Rate {
            recording.duration >= RecordingSpace.measuredOver && recording.bytes > 0
                ? .measured(Double(recording.bytes) / recording.duration) : RecordingSpace.rate(channelKey: recording.channelKey, in: recordings)
        }
        let measured = active.filter { $0.duration >= RecordingSpace.measuredOver && !toldOfSpace.contains($0.id) }
        guard !measured.isEmpty, let free = RecordingSpace.freeBytes(at: settings.directory) else { return }
        for recording in measured {
            let others = active.filter { $0.id != recording.id }.reduce(0.0) { $0 + max(0, $1.end - now) * rate($1).bytesPerSecond }
            guard let warning = RecordingSpace.warning(title: recording.title, seconds: max(0, recording.end - now), rate: rate(recording),
                                                       others: others, free: free, directory: settings.directory) else { continue }
            toldOfSpace.insert(recording.id)
            logger.warning("recording \(recording.id): \(warning)")
            inbox.post(.showNotice(warning))
        }
    }

    /// As a recording starts, the space is looked at again for what is left
    /// of it: the disk may have filled since it was asked for, a series
    /// rule's airing was never looked at, and another run may have asked for
    /// it. The viewer is told once per recording.
    private func checkSpace(_ recording: SavedRecording, now: Double) {
        guard !toldOfSpace.contains(recording.id), let free = RecordingSpace.freeBytes(at: settings.directory) else { return }
        let rate = RecordingSpace.rate(channelKey: recording.channelKey, in: (try? store?.recordings()) ?? [])
        guard let warning = RecordingSpace.warning(title: recording.title, seconds: recording.end - now, rate: rate,
                                                   free: free, directory: settings.directory) else { return }
        toldOfSpace.insert(recording.id)
        logger.warning("recording \(recording.id) started: \(warning)")
        inbox.post(.showNotice("Recording now: " + warning))
    }

    /// Whether the recording's recorder still runs: reaped when it was this
    /// process's child, then asked (and its command line checked: a pid can
    /// be taken again).
    private func isRunning(_ recording: SavedRecording) -> Bool {
        guard let pid = recording.pid.map(pid_t.init) else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { return false }
        guard kill(pid, 0) == 0, let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
        let arguments = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        return arguments.last == recording.id && arguments.contains("recorder")
    }

    private func nextPart(_ recording: SavedRecording) -> Int {
        guard let path = recording.path else { return 1 }
        return RecordingsSettings.parts(of: path).count + 1
    }

    private func statusPath(_ id: String) -> String { RecordingsSettings.statusPath(statusDirectory: settings.statusDirectory, id: id) }

    /// "Title - Channel - 2026-11-27 21.00.mkv" in the recordings folder, not
    /// taken yet.
    private func fileName(_ recording: SavedRecording) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH.mm"
        let stem = "\(Self.clean(recording.title)) - \(Self.clean(recording.channelName)) - \(formatter.string(from: Date(timeIntervalSince1970: recording.programmeStart)))"
        var path = settings.directory + "/" + stem + ".mkv"
        var n = 2
        while FileManager.default.fileExists(atPath: path) {
            path = settings.directory + "/" + stem + " (\(n)).mkv"
            n += 1
        }
        return path
    }

    static func clean(_ text: String) -> String {
        let cleaned = text.map { "/\\\0:*?\"<>|".contains($0) || $0.isNewline ? "-" : $0 }
        let trimmed = String(cleaned).trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? "Recording" : String(trimmed.prefix(80))
    }

    static func slug(_ text: String) -> String {
        let slug = text.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" }
        return String(String(slug).prefix(40))
    }

    /// Its status; "starting" (claimed by a shell that went before starting
    /// it) counts as scheduled.
    static func status(_ recording: SavedRecording) -> RecordingInfo.Status {
        recording.status == "starting" ? .scheduled : RecordingInfo.Status(rawValue: recording.status) ?? .failed
    }

    static func isPending(_ status: String) -> Bool {
        [RecordingInfo.Status.scheduled, .waiting, .active].map(\.rawValue).contains(status) || status == "starting"
    }

    // MARK: - Reporting

    private func post(_ recordings: [SavedRecording]) {
        let list = recordings.map(Self.info)
        var items: [MediaItem] = []
        for recording in recordings where !postedItems.contains(recording.id) {
            guard let item = RecordingItem.make(recording) else { continue }
            items.append(item)
            postedItems.insert(recording.id)
        }
        guard list != lastPosted || !items.isEmpty else { return }
        lastPosted = list
        inbox.post(.recordings(list, items: items))
    }

    static func info(_ recording: SavedRecording) -> RecordingInfo {
        let (rating, more) = RecordingItem.heldTo(recording)
        return RecordingInfo(id: recording.id, channel: recording.channelNumber, channelName: recording.channelName, title: recording.title,
                             start: recording.start, end: recording.end, programmeStart: recording.programmeStart,
                             status: status(recording), reason: recording.reason, bytes: recording.bytes,
                             duration: recording.duration, series: recording.series, rating: recording.rating,
                             contentRating: rating, moreRatings: more, path: recording.path)
    }
}

/// `body` with `strings` as a NULL-terminated `char *[]`.
private func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeMutableBufferPointer { body(UnsafePointer($0.baseAddress!)) }
}
