import ArgumentParser
import Catalog
import Foundation
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
    var lineup: String

    @Option(help: "An XMLTV guide (path or URL) for now/next.")
    var guide: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let lineupData: Data
        var guideData: GuideData?
        do {
            lineupData = try InputLoader.load(lineup)
            if let guide { guideData = try InputLoader.guide(guide) }
        } catch let failure as InputLoader.Failure {
            printError("\(failure)")
            throw ExitCode(66)
        }
        let parsed = M3UParser.parse(InputLoader.text(lineupData))
        let report = LineupReport(source: lineup, lineup: parsed, guideSource: guide, guide: guideData, now: Date().timeIntervalSince1970)
        print(json ? report.json() : report.text(), terminator: "")
        if !parsed.hasHeader && parsed.channels.isEmpty {
            printError("\(lineup): not an M3U lineup (no #EXTM3U header, no channel)")
            throw ExitCode(65)
        }
    }
}
