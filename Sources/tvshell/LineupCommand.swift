import ArgumentParser
import Catalog
import Foundation
import Library
import ShellRuntime

/// `tvshell lineup …`: tools for lineups.
struct LineupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lineup",
        abstract: "Inspect an M3U lineup.",
        subcommands: [InspectCommand.self]
    )
}

/// `tvshell lineup inspect FILE [--guide XMLTV] [--json]`.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print the channels of a lineup as parsed, with now/next from a guide, and every problem found."
    )

    @Argument(help: "An M3U lineup: a path or an http(s) URL.")
    var lineup: String?

    @Option(help: "An account (tvshell account add) instead of a lineup: its live channels as it stores them.")
    var account: String?

    @Option(help: "An XMLTV guide (path or URL) for now/next.")
    var guide: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        if (lineup == nil) == (account == nil) { throw ValidationError("give a lineup or --account NAME") }
    }

    @OptionGroup var options: LibraryOptions

    func run() throws {
        if let account { return try inspect(account: account) }
        let lineup = self.lineup ?? ""
        let lineupData: Data
        var guideData: GuideData?
        do {
            lineupData = try InputLoader.lineup(lineup)
            if let guide { guideData = try InputLoader.guide(guide) }
        } catch let failure as InputLoader.Failure {
            printError("\(failure)")
            throw ExitCode(66)
        }
        let parsed = InputLoader.parseLineup(lineupData, from: lineup) ?? M3UParser.parse(InputLoader.text(lineupData))
        let report = LineupReport(source: lineup, lineup: parsed, guideSource: guide, guide: guideData, now: Date().timeIntervalSince1970)
        print(json ? report.json() : report.text(), terminator: "")
        if !parsed.hasHeader && parsed.channels.isEmpty {
            printError("\(lineup): not an M3U lineup (no #EXTM3U header, no channel)")
            throw ExitCode(65)
        }
    }

    /// The account's live channels as its stored lists (else its server) give them.
    private func inspect(account name: String) throws {
        try runReportingErrors {
            let file = try AccountCommand.accounts()
            guard let account = file.account(name) else { throw CLIError("no account called \(name) in \(file.path)", code: 66) }
            let now = Date().timeIntervalSince1970
            let library = LibraryStore.open(path: options.libraryPath).store
            var answers = (try? library?.accountAnswers(name))?.answers ?? [:]
            if answers[XtreamRequest.liveStreams.key] == nil {
                let fetched = Result { () throws(XtreamFailure) in try XtreamClient(server: account.server).fetchAll(now: now) }
                switch fetched {
                case .success(let fresh): answers = fresh
                case .failure(let failure): throw CLIError("account \(name): \(failure)", code: AccountCommand.exitCode(failure))
                }
            }
            let catalog: XtreamCatalog
            switch Result(catching: { () throws(XtreamFailure) in try XtreamCatalog(answers: answers) }) {
            case .success(let read): catalog = read
            case .failure(let failure): throw CLIError("account \(name): \(failure)", code: 76)
            }
            var guideData: GuideData?
            if let guide {
                do { guideData = try InputLoader.guide(guide) } catch { throw CLIError("\(error)", code: 66) }
            }
            let lineup = catalog.lineup(server: account.server)
            let report = LineupReport(source: "account \(name) (\(account.server.base))", lineup: lineup, guideSource: guide, guide: guideData, now: now)
            print(json ? report.json() : report.text(), terminator: "")
        }
    }
}
