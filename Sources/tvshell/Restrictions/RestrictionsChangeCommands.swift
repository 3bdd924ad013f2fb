import ArgumentParser
import Foundation
import Parental
import ShellCore

/// Asks for the current passcode when one is set, and checks it (counted
/// and locked like the prompt's).
private func authorizeChange(_ action: String, settings: RestrictionsSettings, paths: ParentalPaths, input: PasscodeInput) throws {
    guard settings.passcode != nil else { return }
    let store = ParentalStore(paths: paths, settings: settings)
    let current = try input.read("Current passcode: ")
    try AdminCheck.verify(current, for: action, store: store)
}

/// Saves `settings` and records the change (`detail`, never a passcode) in
/// the audit log; a running tvshell sees the file change and applies it.
private func save(_ settings: RestrictionsSettings, paths: ParentalPaths, change detail: String) throws {
    try ParentalStore.saveSettings(settings, paths: paths)
    let entry = AuditEntry(kind: .changed, title: "restrictions", itemID: "settings", rating: nil, time: Date().timeIntervalSince1970, detail: detail)
    try? ParentalStore(paths: paths, settings: settings).audit(entry, via: "cli")
}

/// `tvshell restrictions set [--movies R] [--tv R] [--unrated allow|restrict] [--stdin]`.
struct RestrictionsSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Set the highest ratings allowed without the passcode.",
        discussion: "RATING: a rating (PG-13, TV-PG, \"BBFC 15\", \"FSK 16\", mpaa|R), or all, or none.")

    @Option(help: "Highest movie rating allowed (G, PG, PG-13, R, NC-17, …, all, none).")
    var movies: String?

    @Option(help: "Highest TV rating allowed (TV-Y, TV-Y7, TV-G, TV-PG, TV-14, TV-MA, all, none).")
    var tv: String?

    @Option(help: "Unrated content: allow (the default) or restrict.")
    var unrated: String?

    @Flag(help: "Read the current passcode from standard input instead of the terminal.")
    var stdin = false

    func validate() throws {
        if movies == nil && tv == nil && unrated == nil { throw ValidationError("give --movies, --tv or --unrated") }
        if let unrated, RestrictionPolicy.Unrated(rawValue: unrated) == nil {
            throw ValidationError("--unrated: expected allow or restrict")
        }
    }

    func run() throws {
        try runReportingErrors {
            let paths = ParentalPaths.standard()
            var settings = try ParentalStore.loadSettings(paths: paths)
            if let movies { settings.movies = try RestrictionsSettings.parseLimit(movies, media: .movie) }
            if let tv { settings.tv = try RestrictionsSettings.parseLimit(tv, media: .tv) }
            if let unrated { settings.unrated = RestrictionPolicy.Unrated(rawValue: unrated)! }
            try authorizeChange("change rating limits", settings: try ParentalStore.loadSettings(paths: paths), paths: paths, input: PasscodeInput(fromStandardInput: stdin))
            try save(settings, paths: paths, change: "\(settings.policy.limitsDescription); unrated \(settings.unrated.rawValue)")
            print("Allowed: \(settings.policy.limitsDescription); unrated: \(settings.unrated.rawValue).")
            if settings.mode == .off { print("Restrictions are off: turn them on with `tvshell restrictions mode passcode`.") }
        }
    }
}

/// `tvshell restrictions mode off|passcode|deny [--stdin]`.
struct RestrictionsModeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mode", abstract: "off: everything plays; passcode: ask over the limits; deny: refuse over the limits.")

    @Argument(help: "off, passcode or deny.")
    var mode: String

    @Flag(help: "Read the current passcode from standard input instead of the terminal.")
    var stdin = false

    func validate() throws {
        if RestrictionPolicy.Mode(rawValue: mode) == nil { throw ValidationError("expected off, passcode or deny") }
    }

    func run() throws {
        try runReportingErrors {
            let paths = ParentalPaths.standard()
            var settings = try ParentalStore.loadSettings(paths: paths)
            let mode = RestrictionPolicy.Mode(rawValue: mode)!
            if mode == .passcode && settings.passcode == nil { throw ParentalError.noPasscode }
            try authorizeChange("set mode \(mode.rawValue)", settings: settings, paths: paths, input: PasscodeInput(fromStandardInput: stdin))
            settings.mode = mode
            try save(settings, paths: paths, change: "mode \(mode.rawValue)")
            print("Restrictions mode: \(mode.rawValue).")
        }
    }
}

/// `tvshell restrictions set-passcode [--stdin]`.
struct RestrictionsSetPasscodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-passcode", abstract: "Set the four-digit passcode (asked twice on the terminal).",
        discussion: "With --stdin, reads the current passcode first (when one is set), then the new one, one per line.")

    @Flag(help: "Read the passcodes from standard input instead of the terminal.")
    var stdin = false

    func run() throws {
        try runReportingErrors {
            let paths = ParentalPaths.standard()
            var settings = try ParentalStore.loadSettings(paths: paths)
            let input = PasscodeInput(fromStandardInput: stdin)
            try authorizeChange("change the passcode", settings: settings, paths: paths, input: input)
            let code = try input.read("New passcode (4 digits): ")
            if !stdin {
                guard try input.read("Again: ") == code else { throw CLIError("the two passcodes differ; nothing changed", code: 64) }
            }
            let first = settings.passcode == nil
            settings.passcode = try PasscodeHash.make(passcode: code)
            try save(settings, paths: paths, change: first ? "passcode set" : "passcode changed")
            print("Passcode set.\(settings.mode == .off ? " Turn restrictions on with `tvshell restrictions mode passcode`." : "")")
        }
    }
}
