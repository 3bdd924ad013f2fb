import ArgumentParser
import Foundation
import Parental
import ShellCore

/// `tvshell restrictions …`: the parental settings.
struct RestrictionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restrictions",
        abstract: "Parental restrictions: a passcode for content over a rating.",
        discussion: """
            Settings live in $XDG_CONFIG_HOME/tvshell/restrictions.toml (mode 0600); the lockout and the audit \
            log in $XDG_STATE_HOME/tvshell. Once a passcode is set, every change asks for it.
            """,
        subcommands: [
            RestrictionsStatusCommand.self, RestrictionsSetCommand.self, RestrictionsModeCommand.self,
            RestrictionsSetPasscodeCommand.self, RestrictionsLogCommand.self,
        ]
    )
}

/// Runs `body`, turning parental and CLI errors into a message and an exit code.
func runReportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as CLIError {
        printError("\(error)")
        throw ExitCode(error.code)
    } catch let error as ParentalError {
        printError("\(error)")
        throw ExitCode(exitCode(for: error))
    }
}

/// sysexits.h codes.
func exitCode(for error: ParentalError) -> Int32 {
    switch error {
    case .insecureFile: 78
    case .malformed: 65
    case .unreadable: 66
    case .unwritable: 73
    case .badRating, .badPasscode: 64
    case .wrongPasscode, .noPasscode: 77
    case .locked: 75
    case .hashing: 71
    }
}

/// `tvshell restrictions status [--json]`.
struct RestrictionsStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Show the parental settings.")

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        try runReportingErrors {
            let paths = ParentalPaths.standard()
            let settings = try ParentalStore.loadSettings(paths: paths)
            let now = Date().timeIntervalSince1970
            let lockout = ParentalStore.loadLockout(paths: paths, now: now)
            let commandLine = ParentalStore.loadLockout(at: paths.commandLineLockout, now: now)
            let movies = RestrictionsSettings.limitText(settings.movies)
            let tv = RestrictionsSettings.limitText(settings.tv)
            if json {
                let object: [String: Any] = [
                    "mode": settings.mode.rawValue, "effective_mode": settings.policy.effectiveMode.rawValue,
                    "movies": movies, "tv": tv, "unrated": settings.unrated.rawValue, "passcode_set": settings.passcode != nil,
                    "failures": lockout.failures, "locked_seconds": lockout.secondsLeft(at: now), "file": paths.settings,
                    "cli_failures": commandLine.failures, "cli_locked_seconds": commandLine.secondsLeft(at: now),
                ]
                let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
                print(String(decoding: data, as: UTF8.self))
                return
            }
            print("mode:      \(settings.mode.rawValue)\(settings.policy.effectiveMode != settings.mode ? " (acts as \(settings.policy.effectiveMode.rawValue): no passcode set)" : "")")
            print("movies:    \(RestrictionsSettings.limitDescription(settings.movies))")
            print("tv:        \(RestrictionsSettings.limitDescription(settings.tv))")
            print("unrated:   \(settings.unrated.rawValue)")
            print("passcode:  \(settings.passcode == nil ? "not set" : "set")")
            func describe(_ lockout: LockoutState) -> String {
                let left = lockout.secondsLeft(at: now)
                return "\(left > 0 ? "locked for \(left) s" : "not locked") (\(lockout.failures) wrong since the last right one)"
            }
            print("lockout:   \(describe(lockout)) on the screen; \(describe(commandLine)) at the command line")
            print("file:      \(paths.settings)")
        }
    }
}

/// `tvshell restrictions log [--json] [--last N]`.
struct RestrictionsLogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "Show the audit log: every passcode entered, wrong or right, and every refusal.")

    @Flag(help: "Print the JSON lines as stored.")
    var json = false

    @Option(help: "Only the last N records.")
    var last: Int?

    func run() throws {
        try runReportingErrors {
            let paths = ParentalPaths.standard()
            let (records, bad) = try AuditLog.read(paths.auditLog)
            let shown = last.map { Array(records.suffix(max(0, $0))) } ?? records
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                for record in shown { print(String(decoding: try encoder.encode(record), as: UTF8.self)) }
            } else if shown.isEmpty {
                print("The audit log is empty (\(paths.auditLog)).")
            } else {
                for r in shown {
                    let rating = r.rating.map { " [\($0)]" } ?? ""
                    let detail = r.detail.map { " — \($0)" } ?? ""
                    print("\(r.time)  \(r.event.padding(toLength: max(14, r.event.count), withPad: " ", startingAt: 0)) “\(r.title)”\(rating)\(detail)  by \(r.user) on \(r.tty) via \(r.via)")
                }
            }
            if !bad.isEmpty {
                printError("\(paths.auditLog): lines \(bad.map(String.init).joined(separator: ", ")) are not audit records")
            }
        }
    }
}
