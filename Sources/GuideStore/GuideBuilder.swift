import Catalog
import Foundation
import GRDB
import MediaModel

/// Builds a guide store from its sources: each guide streams through the
/// XMLTV reader into a new database file beside the store (only programmes
/// of the lineup's channels, shifted), the search index is made, and the new
/// file replaces the old one in one rename, so readers see the old guide or
/// the new, never half of one. Blocking, seconds for big guides: call it off
/// the run loop. One refresh at a time per path.
public enum GuideBuilder {
    /// Refreshes the store at `path` for `targets` (the lineup's channels)
    /// from `inputs`, in order.
    public static func refresh(
        path: String, targets: [GuideTarget], inputs: [GuideInput], lineupLocation: String? = nil, now: Date = Date()
    ) throws -> GuideRefreshReport {
        let began = Date()
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let building = path + ".new"
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: building + suffix) }

        var report = GuideRefreshReport(channels: targets.count, channelsMatched: 0, programmes: 0, seconds: 0, sources: [], replaced: false)
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -8000")
        }
        var matcher = GuideMatcher(targets: targets)
        var refused = false
        var anyRead = false
        do {
            let queue = try DatabaseQueue(path: building, configuration: configuration)
            try queue.writeWithoutTransaction { db in
                try GuideSchema.create(db)
                let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO programme(\(ProgrammeRow.columns)) VALUES (?,?,?,?,?,?,?,?,?,?,?)")
                for input in inputs {
                    guard case .source(let source) = input.content else {
                        if case .unavailable(let reason) = input.content {
                            report.sources.append(.init(label: input.label, problems: [CatalogProblem(line: 0, message: reason)], failed: true))
                        }
                        continue
                    }
                    matcher.beginSource()
                    var insertError: Error?
                    try db.execute(sql: "SAVEPOINT source")
                    let outcome = XMLTVParser.stream(source, channel: { matcher.declare($0) }, programme: { programme in
                        guard insertError == nil else { return }
                        for index in matcher.targets(forChannel: programme.channel) {
                            let target = targets[index]
                            do {
                                try insert.execute(arguments: ProgrammeRow.arguments(programme, key: target.key, shift: target.shift))
                            } catch {
                                insertError = error
                            }
                        }
                    })
                    if let insertError { throw insertError }
                    if outcome.refused {
                        try db.execute(sql: "ROLLBACK TO source; RELEASE source")
                        refused = true
                    } else {
                        try db.execute(sql: "RELEASE source")
                        anyRead = true
                    }
                    report.sources.append(.init(label: input.label, problems: outcome.problems, failed: outcome.refused))
                }
                report.channelsMatched = matcher.matched.count
                let channelInsert = try db.makeStatement(sql: "INSERT OR IGNORE INTO channel(key, name, guide_id) VALUES (?,?,?)")
                for index in matcher.matched.sorted() {
                    let target = targets[index]
                    try channelInsert.execute(arguments: [target.key, target.names.first ?? "", target.id ?? ""])
                }
                try GuideSchema.finish(db)
                report.programmes = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM programme") ?? 0
                var used = report
                used.replaced = true
                let status = GuideStoreStatus(
                    refreshed: now.timeIntervalSince1970, sources: inputs.map(\.label), lineup: GuideStore.signature(of: targets),
                    channelsMatched: report.channelsMatched, programmes: report.programmes, problem: used.problem,
                    lineupLocation: lineupLocation)
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

/// A store that could not be written or read, said plainly.
public struct GuideStoreError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
