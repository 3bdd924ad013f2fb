import ArgumentParser
import Foundation
import Library

/// `tvshell history [--json] [--last N]`, `tvshell history forget ID|--all`.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List what was played, newest first (title, when, position / length, watched).",
        subcommands: [ListHistory.self, ForgetHistory.self],
        defaultSubcommand: ListHistory.self
    )
}

struct ListHistory: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List what was played, newest first.")

    @Flag(help: "Print JSON (one array) instead of text.")
    var json = false

    @Option(help: "Only the last N plays.")
    var last: Int?

    @OptionGroup var options: LibraryOptions

    func run() throws {
        let store = try openStore(options.libraryPath)
        let entries = try store.history(last: last)
        if json {
            let objects: [[String: Any]] = entries.map { entry in
                ["id": entry.id ?? 0, "title": entry.title, "url": entry.url, "live": entry.live, "started": entry.started,
                 "position": entry.position.map { $0 as Any } ?? NSNull(), "duration": entry.duration.map { $0 as Any } ?? NSNull(),
                 "watched": entry.watched]
            }
            let data = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        for entry in entries {
            let when = formatter.string(from: Date(timeIntervalSince1970: entry.started))
            let progress = entry.live ? "live" : "\(clock(entry.position ?? 0)) / \(entry.duration.map(clock) ?? "?")"
            print("\(entry.id ?? 0)\t\(when)\t\(progress)\(entry.watched ? "\twatched" : "")\t\(entry.title)")
        }
    }
}

struct ForgetHistory: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "forget", abstract: "Forget one play by its id, or everything with --all.")

    @Argument(help: "The play's id (the first column of `tvshell history`).")
    var id: Int64?

    @Flag(help: "Forget every play and every saved position.")
    var all = false

    func validate() throws {
        guard (id != nil) != all else { throw ValidationError("give a play's id or --all") }
    }

    @OptionGroup var options: LibraryOptions

    func run() throws {
        let store = try openStore(options.libraryPath)
        let gone = try store.forget(id: all ? nil : id)
        if !all && gone == 0 { throw ValidationError("no play \(id ?? 0) in the history") }
        print(all ? "Forgot everything." : "Forgot play \(id ?? 0).")
    }
}

private func openStore(_ path: String) throws -> LibraryStore {
    let (store, problem) = LibraryStore.open(path: path)
    if let problem { printError("\(problem)") }
    guard let store else { throw ExitCode(74) }
    return store
}

/// "h:mm:ss" or "m:ss"; a stored time beyond any (a file that claimed a
/// length of 1e297 s before the player dropped such) held within 10¹² s.
private func clock(_ seconds: Double) -> String {
    let total = Int(min(max(seconds.isFinite ? seconds : 0, 0), 1e12).rounded(.down))
    return total >= 3600 ? String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60) : String(format: "%d:%02d", total / 60, total % 60)
}
