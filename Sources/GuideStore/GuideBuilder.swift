import Catalog
import Foundation
import GRDB
import GRDBSQLite
import MediaModel

/// Builds a guide store from its sources: each guide streams through the
/// XMLTV reader into a new database file beside the store (only programmes
/// of the lineup's channels, shifted), the search index is made, and the new
/// file replaces the old one in one rename, so readers see the old guide or
/// the new, never half of one. Blocking, seconds for big guides: call it off
/// the run loop. Refreshes of one path take turns (a lock file beside it),
/// in this process or another.
public enum GuideBuilder {
    /// Refreshes the store at `path` for `targets` (the lineup's channels)
    /// from `inputs`, in order.
    public static func refresh(
        path: String, targets: [GuideTarget], inputs: [GuideInput], lineupLocation: String? = nil, now: Date = Date()
    ) throws -> GuideRefreshReport {
        let began = Date()
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // One build at a time into `.new`: a second refresh of this store
        // (the shell's guide thread started again for new channels while
        // the last one still builds, `tvshell guide update` run beside the
        // shell) waits for the first, then finds it done.
        let lock = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if lock >= 0 { while flock(lock, LOCK_EX) != 0 && errno == EINTR {} }
        defer {
            if lock >= 0 {
                flock(lock, LOCK_UN)
                close(lock)
            }
        }
        let building = path + ".new"
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: building + suffix) }

        // The sources' digest: at once when the stored guide may be the same
        // (same sources, same lengths), else by the reading thread while it
        // waits for the writing one, for the status.
        let stored = GuideStore(path: path).status()
        var digest: String?
        var digestReader: SourceDigestReader?
        if let stored, stored.sources == inputs.map(\.label), let old = stored.contents, SourceDigest.lengths(of: old) == SourceDigest.lengths(of: inputs) {
            digest = SourceDigest.of(inputs, targets: targets)
            if let contents = digest, let kept = try unchanged(path: path, stored: stored, contents: contents, now: now) {
                return GuideRefreshReport(channels: targets.count, channelsMatched: kept.channelsMatched, programmes: kept.programmes,
                                          seconds: Date().timeIntervalSince(began), sources: inputs.map { .init(label: $0.label, problems: [], failed: false) },
                                          replaced: true, changed: 0)
            }
        } else {
            digestReader = SourceDigestReader(inputs, targets: targets)
        }
        var report = GuideRefreshReport(channels: targets.count, channelsMatched: 0, programmes: 0, seconds: 0, sources: [], replaced: false)
        report.storedBefore = stored != nil
        var configuration = Configuration()
        // 32 KiB pages: fewer B-tree pages to split and write for rows
        // with descriptions (about a tenth less time than 4 KiB; 64 KiB
        // passed 64 MiB peak). The journal is in memory and nothing is
        // synced: a failed build is a file thrown away.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA page_size = 32768; PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA cache_size = -8000")
        }
        let matcher = MatcherBox(GuideMatcher(targets: targets))
        var refused = false
        var anyRead = false
        var stopsMissing = false
        do {
            let queue = try DatabaseQueue(path: building, configuration: configuration)
            try queue.writeWithoutTransaction { db in
                try GuideSchema.create(db)
                let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO programme(\(ProgrammeRow.columns)) VALUES (?,?,?,?,?,?,?,?,?,?,?)")
                let search = try db.makeStatement(sql: "INSERT INTO programme_fts(rowid, title, summary) VALUES (last_insert_rowid(), ?, ?)")
                for input in inputs {
                    guard case .source(let source) = input.content else {
                        if case .unavailable(let reason) = input.content {
                            report.sources.append(.init(label: input.label, problems: [CatalogProblem(line: 0, message: reason)], failed: true))
                        }
                        continue
                    }
                    try db.execute(sql: "SAVEPOINT source")
                    var outcome = try read(source, matching: matcher, into: insert, search: search, db: db, digest: digestReader)
                    if !outcome.refused && outcome.kept == 0 && !targets.isEmpty {
                        outcome.problems.insert(CatalogProblem(line: 0, message: Self.emptiness(of: source, programmes: outcome.read)), at: 0)
                        outcome.refused = true
                    }
                    if outcome.refused {
                        try db.execute(sql: "ROLLBACK TO source; RELEASE source")
                        refused = true
                    } else {
                        try db.execute(sql: "RELEASE source")
                        anyRead = true
                        stopsMissing = stopsMissing || outcome.stopsMissing
                    }
                    report.sources.append(.init(label: input.label, problems: outcome.problems, failed: outcome.refused))
                }
                report.channelsMatched = matcher.value.matched.count
                let channelInsert = try db.makeStatement(sql: "INSERT OR IGNORE INTO channel(key, name, guide_id) VALUES (?,?,?)")
                for index in matcher.value.matched.sorted() {
                    let target = targets[index]
                    try channelInsert.execute(arguments: [target.key, target.names.first ?? "", target.id ?? ""])
                }
                try GuideSchema.finish(db, stopsMissing: stopsMissing)
                report.programmes = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM programme") ?? 0
                var used = report
                used.replaced = true
                let status = GuideStoreStatus(
                    refreshed: now.timeIntervalSince1970, sources: inputs.map(\.label), lineup: GuideStore.signature(of: targets),
                    channelsMatched: report.channelsMatched, programmes: report.programmes, problem: used.problem,
                    lineupLocation: lineupLocation, contents: used.problem == nil ? digest ?? digestReader?.finish() : nil)
                try GuideStore.write(status, to: db)
            }
            try queue.close()
        } catch {
            try? FileManager.default.removeItem(atPath: building)
            throw error
        }
        guard !refused, anyRead || inputs.isEmpty else {
            try? FileManager.default.removeItem(atPath: building)
            report.seconds = Date().timeIntervalSince(began)
            return report
        }
        chmod(building, 0o600)
        guard rename(building, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: building)
            throw GuideStoreError(message: "cannot replace \(path): \(reason)")
        }
        report.replaced = true
        report.seconds = Date().timeIntervalSince(began)
        return report
    }
}

extension GuideBuilder {
    /// The store at `path` when it was built without a problem from exactly
    /// `contents`: its refresh time is moved to `now` and nothing else is
    /// written. Nil when it must be built.
    fileprivate static func unchanged(path: String, stored: GuideStoreStatus, contents: String, now: Date) throws -> GuideStoreStatus? {
        guard stored.contents == contents, stored.problem == nil else { return nil }
        var status = stored
        status.refreshed = now.timeIntervalSince1970
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try GuideStore.write(status, to: db) }
        try queue.close()
        return status
    }

    /// Reads one source on a thread of its own while this thread writes its
    /// programmes; the reading thread, the faster, reads `digest`'s bytes
    /// while it waits.
    fileprivate static func read(
        _ source: XMLTVParser.Source, matching matcher: MatcherBox, into insert: Statement, search: Statement, db: Database,
        digest: SourceDigestReader?
    ) throws -> SourceOutcome {
        let batches = ProgrammeBatches()
        let done = DispatchSemaphore(value: 0)
        let result = OutcomeBox()
        let reader = Thread {
            matcher.value.beginSource()
            var batch: [ProgrammeBatches.Entry] = []
            batch.reserveCapacity(256)
            var read = 0
            var kept = 0
            var stopsMissing = false
            // Guides list a channel's programmes together: one lookup a run.
            var lastChannel: String?
            var lastTargets: [Int] = []
            let parsed = XMLTVParser.stream(source, channel: {
                matcher.value.declare($0)
                lastChannel = nil
            }, programme: { programme in
                read += 1
                if programme.channel != lastChannel {
                    lastTargets = matcher.value.targets(forChannel: programme.channel)
                    lastChannel = programme.channel
                }
                let targets = lastTargets
                guard !targets.isEmpty else { return }
                kept += 1
                if programme.stop == nil { stopsMissing = true }
                batch.append((programme, targets))
                if batch.count == 256 {
                    batches.put(batch) { digest?.step() ?? false }
                    batch.removeAll(keepingCapacity: true)
                }
            })
            result.value = SourceOutcome(problems: parsed.problems, refused: parsed.refused, read: read, kept: kept, stopsMissing: stopsMissing)
            batches.put(batch)
            batches.finish()
            done.signal()
        }
        reader.stackSize = 1 << 20
        reader.start()
        let targets = matcher.value.targets
        do {
            while let batch = batches.take() {
                defer { batches.recycle(batch) }
                for entry in batch {
                    for index in entry.targets {
                        ProgrammeRow.bind(entry.programme, key: targets[index].key, shift: targets[index].shift, to: insert.sqliteStatement)
                        let code = sqlite3_step(insert.sqliteStatement)
                        guard code == SQLITE_DONE else {
                            throw GuideStoreError(message: "cannot store a programme: \(String(cString: sqlite3_errmsg(db.sqliteConnection)))")
                        }
                        guard sqlite3_changes(db.sqliteConnection) > 0 else { continue }
                        ProgrammeRow.bindSearch(entry.programme, to: search.sqliteStatement)
                        guard sqlite3_step(search.sqliteStatement) == SQLITE_DONE else {
                            throw GuideStoreError(message: "cannot index a programme: \(String(cString: sqlite3_errmsg(db.sqliteConnection)))")
                        }
                    }
                }
            }
        } catch {
            batches.cancel()
            done.wait()
            throw error
        }
        done.wait()
        return result.value
    }
}

/// The matcher, handed to the reading thread and read back after it ends.
final class MatcherBox: @unchecked Sendable {
    var value: GuideMatcher
    init(_ value: GuideMatcher) { self.value = value }
}

/// What reading one source came to: its problems, whether it was refused,
/// and how many programmes it had and how many of them were the lineup's.
struct SourceOutcome {
    var problems: [CatalogProblem] = []
    var refused = false
    var read = 0
    var kept = 0
    /// Whether a programme kept had no stop (its next one's start is then
    /// its stop).
    var stopsMissing = false
}

private final class OutcomeBox: @unchecked Sendable {
    var value = SourceOutcome()
}

extension GuideBuilder {
    /// Why a source gave no programme of the lineup's channels: not XMLTV at
    /// all (an HTML page, as an expired subscription serves with 200), a
    /// guide with no programme, or one of other channels.
    static func emptiness(of source: XMLTVParser.Source, programmes: Int) -> String {
        if programmes > 0 { return "has \(programmes) programmes, none of them on the lineup's channels (matched by tvg-id or name)" }
        let head: String
        switch source {
        case .path(let path):
            let handle = FileHandle(forReadingAtPath: path)
            head = String(decoding: (try? handle?.read(upToCount: 512)) ?? Data(), as: UTF8.self)
            try? handle?.close()
        case .data(let data):
            head = String(decoding: data.prefix(512), as: UTF8.self)
        }
        let lowered = head.lowercased()
        if lowered.contains("<!doctype html") || lowered.contains("<html") { return "is an HTML page, not XMLTV" }
        if !lowered.contains("<tv") && !head.hasPrefix("\u{1F}\u{8B}") { return "is not XMLTV (no <tv> element)" }
        return "has no programmes"
    }
}

/// A store that could not be written or read, said plainly.
public struct GuideStoreError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
