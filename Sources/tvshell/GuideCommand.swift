import ArgumentParser
import Catalog
import Foundation
import GuideStore
import MediaModel
import ShellCore
import ShellRuntime

/// `tvshell guide …`: the stored guide.
struct GuideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guide",
        abstract: "Refresh or search the stored programme guide.",
        subcommands: [GuideUpdateCommand.self, GuideSearchCommand.self]
    )

    /// A local path made absolute (URLs as they are).
    static func absolute(_ location: String) -> String {
        if location.contains("://") || location.hasPrefix("/") { return location }
        return FileManager.default.currentDirectoryPath + "/" + location
    }
}

/// `tvshell guide update [--lineup M3U] [--guide URL …]`.
struct GuideUpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Read the guides into the store now, keeping the lineup's channels.",
        discussion: "Without --lineup or --guide, uses those of the last refresh (the shell's, or this command's)."
    )

    @Option(help: "An M3U lineup (path or http(s) URL): only its channels are kept.")
    var lineup: String?

    @Option(name: .customLong("guide"), help: "An XMLTV guide (path or http(s) URL, plain or .gz; repeatable). Default: the lineup's x-tvg-url.")
    var guides: [String] = []

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var options: LibraryOptions

    func run() throws {
        let store = GuideStore(path: options.guideStorePath)
        let previous = store.status()
        guard let location = lineup.map(GuideCommand.absolute) ?? previous?.lineupLocation else {
            printError("no lineup: pass --lineup (the guide keeps only a lineup's channels)")
            throw ExitCode(64)
        }
        let parsed: Lineup
        do {
            let data = try InputLoader.lineup(location)
            parsed = InputLoader.parseLineup(data, from: location) ?? M3UParser.parse(InputLoader.text(data))
        } catch let failure as InputLoader.Failure {
            printError("\(failure)")
            throw ExitCode(66)
        }
        let sources = !guides.isEmpty ? guides.map(GuideCommand.absolute) : !parsed.guideURLs.isEmpty ? parsed.guideURLs : previous?.sources ?? []
        guard !sources.isEmpty else {
            printError("no guide: pass --guide (the lineup names none)")
            throw ExitCode(64)
        }
        let showProgress = isatty(STDERR_FILENO) == 1 && !json
        let download = GuideDownload(sources: sources, progress: showProgress ? Self.showProgress : nil)
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        // Sources are URLs that may carry an account: every line below has it as ***.
        func say(_ line: String) { print(URLRedaction.redactingURLs(in: line)) }
        for source in download.unchanged where !json { say("\(source): unchanged since the last download") }
        let report: GuideRefreshReport
        do {
            report = try GuideBuilder.refresh(path: store.path, targets: parsed.guideTargets, inputs: download.inputs, lineupLocation: location)
        } catch {
            printError("the guide store \(store.path): \(error)")
            throw ExitCode(73)
        }
        if json {
            let object: [String: Any] = [
                "channels": report.channels, "channels_matched": report.channelsMatched, "programmes": report.programmes,
                "seconds": (report.seconds * 1000).rounded() / 1000, "replaced": report.replaced, "store": store.path,
                "changed": report.changed.map { $0 as Any } ?? NSNull(),
                "problem": report.problem.map(URLRedaction.redactingURLs(in:)) ?? NSNull(),
                "sources": report.sources.map {
                    ["source": URLRedaction.redact($0.label), "failed": $0.failed, "problems": $0.problems.map { URLRedaction.redactingURLs(in: $0.description) }] as [String: Any]
                },
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            for source in report.sources {
                for problem in source.problems.prefix(20) { say("\(source.label): \(problem)") }
                if source.problems.count > 20 { say("\(source.label): and \(source.problems.count - 20) more problems") }
            }
            print("\(report.channelsMatched) of \(report.channels) channels matched, \(report.programmes) programmes kept, \(String(format: "%.2f", report.seconds)) s")
            if report.changed == 0 { print("the same guide as before: 0 programmes changed, nothing rewritten") }
            let kept = previous.map { "kept the guide of \(Self.date($0.refreshed)) (\($0.programmes) programmes)" } ?? "no guide was stored before"
            say(report.replaced ? "stored in \(store.path)" : "not stored: \(report.problem ?? "nothing was read"); \(kept)")
        }
        if !report.replaced { throw ExitCode(65) }
    }

    /// "2026-11-27 08:00" (local time).
    static func date(_ seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// One line on the terminal, written over as the download goes.
    @Sendable static func showProgress(_ source: String, _ progress: GuideDownload.Progress) {
        let mb = Double(progress.bytes) / 1_000_000
        let rate = progress.seconds > 0 ? mb / progress.seconds : 0
        let whole = progress.total.map { String(format: " of %.1f MB", Double($0) / 1_000_000) } ?? ""
        let line = "\r\u{1B}[K\(URLRedaction.redact(source)): " + String(format: "%.1f MB", mb) + whole + String(format: ", %.2f MB/s", rate)
        FileHandle.standardError.write(Data(line.utf8))
    }
}

/// `tvshell guide search TEXT [--json]`.
struct GuideSearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find programmes in the stored guide by title or description."
    )

    @Argument(help: "Words to find (every word; the last may be the start of one).")
    var text: String

    @Option(help: "At most this many results.")
    var limit = 50

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var options: LibraryOptions

    func run() throws {
        let store = GuideStore(path: options.guideStorePath)
        guard store.status() != nil else {
            printError("no stored guide at \(store.path): run tvshell guide update --lineup M3U --guide XMLTV first")
            throw ExitCode(66)
        }
        let results = try store.search(text, limit: max(1, limit))
        let names = (try? store.channelNames()) ?? [:]
        if json {
            let object = results.map { p -> [String: Any] in
                [
                    "channel": names[p.channel] ?? p.channel, "start": p.start, "stop": p.stop ?? NSNull(), "title": p.title,
                    "subtitle": p.subtitle ?? NSNull(), "episode": p.episode ?? NSNull(),
                ]
            }
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        if results.isEmpty { print("nothing found for “\(text)”") }
        for p in results {
            let when = formatDayAndClock(p.start, utcOffset: LocalTime.offset(at: p.start))
                + (p.stop.map { "–" + formatClock($0, utcOffset: LocalTime.offset(at: $0)) } ?? "")
            print("\(when)  \(names[p.channel] ?? p.channel)  \(p.title)\(p.subtitle.map { ": " + $0 } ?? "")")
        }
    }
}
