import ArgumentParser
import Catalog
import Foundation
import Library
import ShellRuntime
#if canImport(Glibc)
import Glibc
#endif

/// `tvshell account …`: the IPTV accounts `play --account` signs in with.
struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Add, list or remove IPTV accounts (Xtream Codes).",
        discussion: "Accounts are kept in $XDG_CONFIG_HOME/tvshell/accounts.toml (0600); their lists in the library.",
        subcommands: [AccountAddCommand.self, AccountListCommand.self, AccountRemoveCommand.self]
    )
}

/// `tvshell account add NAME --xtream URL --user USER`: the password from
/// standard input (piped) or asked for on the terminal, never argv.
struct AccountAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Sign in to an Xtream Codes account and keep it (the password from standard input, or asked for).",
        discussion: "The account's lists (live channels, films, series) are read now and kept, so the next start shows them at once."
    )

    @Argument(help: "The account's name (letters, digits, - and _).")
    var name: String

    @Option(help: "The Xtream Codes server: http(s)://host[:port].")
    var xtream: String

    @Option(help: "The user name.")
    var user: String

    @Flag(name: .customLong("no-check"), help: "Keep the account without signing in now.")
    var noCheck = false

    func validate() throws {
        guard AccountsFile.isValidName(name) else { throw ValidationError("\(name): an account's name is letters, digits, - and _ (up to 64)") }
        guard !user.isEmpty else { throw ValidationError("--user: expected a user name") }
        guard XtreamServer(server: xtream, user: user, password: "") != nil else { throw ValidationError("--xtream \(xtream): expected http(s)://host[:port]") }
    }

    @OptionGroup var options: LibraryOptions

    func run() throws {
        try runReportingErrors {
            let password: String?
            if isatty(STDIN_FILENO) == 1 {
                password = try PasscodeInput.readFromTerminal("Password for \(user): ", what: "the password")
            } else {
                password = readLine(strippingNewline: true)
            }
            guard let password, !password.isEmpty else { throw CLIError("no password given (pipe it in, or type it when asked)", code: 64) }
            guard let server = XtreamServer(server: xtream, user: user, password: password) else {
                throw CLIError("--xtream \(xtream): expected http(s)://host[:port]", code: 64)
            }
            var file = try AccountCommand.accounts()
            let account = AccountsFile.Account(name: name, server: server)
            if !noCheck {
                let now = Date().timeIntervalSince1970
                let read = Result { () throws(XtreamFailure) -> ([String: Data], AccountContents) in
                    let answers = try XtreamClient(server: server).fetchAll(now: now)
                    return (answers, try AccountContents(account: account, answers: answers, fetched: now, now: now))
                }
                guard case .success(let (answers, contents)) = read else {
                    if case .failure(let failure) = read { throw CLIError("\(failure); the account was not added", code: AccountCommand.exitCode(failure)) }
                    return
                }
                let library = LibraryStore.open(path: options.libraryPath)
                if let store = library.store {
                    try? store.replaceAccountAnswers(name, answers, fetched: now)
                } else if let problem = library.problem {
                    printError("\(problem)")
                }
                print("\(name): \(server.base), user \(user): \(contents.summary(now: now))")
                for problem in contents.problems.prefix(5) { printError(problem) }
            }
            file.put(account)
            do { try file.save() } catch { throw CLIError("\(error)", code: 73) }
            print("added \(name) to \(file.path)")
        }
    }
}

/// `tvshell account list [--json]`.
struct AccountListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the accounts: server, user, and what their stored lists hold.")

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var options: LibraryOptions

    func run() throws {
        try runReportingErrors {
            let file = try AccountCommand.accounts()
            let library = LibraryStore.open(path: options.libraryPath).store
            let now = Date().timeIntervalSince1970
            var rows: [JSONText] = []
            for account in file.accounts {
                let saved = try? library?.accountAnswers(account.name)
                let contents = saved.flatMap { saved in saved.fetched.flatMap { try? AccountContents(account: account, answers: saved.answers, fetched: $0, now: now) } }
                if json {
                    var object: [String: JSONText] = ["name": .string(account.name), "server": .string(account.server.base), "user": .string(account.server.user)]
                    if let contents {
                        object["channels"] = .int(contents.liveCount)
                        object["films"] = .int(contents.filmCount)
                        object["episodes"] = .int(contents.episodeCount)
                        object["fetched"] = .double(contents.fetched)
                        if let info = contents.info {
                            object["status"] = .string(info.isActive(now: now) ? "active" : (info.status ?? "inactive").lowercased())
                            object["expires"] = info.expires.map(JSONText.double) ?? .null
                            object["max_connections"] = info.maxConnections.map(JSONText.int) ?? .null
                        }
                    }
                    rows.append(.object(object))
                } else {
                    print("\(account.name)\t\(account.server.base)\tuser \(account.server.user)\t\(contents?.summary(now: now) ?? "not read yet")")
                }
            }
            if json { print(JSONText.array(rows).rendered(), terminator: "") }
            if !json && file.accounts.isEmpty { print("no accounts (tvshell account add NAME --xtream URL --user USER)") }
        }
    }
}

/// `tvshell account remove NAME`: the account and its stored lists.
struct AccountRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an account and its stored lists.")

    @Argument(help: "The account's name.")
    var name: String

    @OptionGroup var options: LibraryOptions

    func run() throws {
        try runReportingErrors {
            var file = try AccountCommand.accounts()
            guard file.remove(name) else { throw CLIError("no account called \(name) in \(file.path)", code: 66) }
            do { try file.save() } catch { throw CLIError("\(error)", code: 73) }
            if let store = LibraryStore.open(path: options.libraryPath).store { _ = try? store.forgetAccount(name) }
            print("removed \(name)")
        }
    }
}

extension AccountCommand {
    /// The accounts file, or the reason it cannot be read.
    static func accounts() throws -> AccountsFile {
        do {
            return try AccountsFile.load()
        } catch {
            throw CLIError("\(error)", code: 78)
        }
    }

    /// sysexits.h: no server 69, refused 77, anything else it sent 76.
    static func exitCode(_ failure: XtreamFailure) -> Int32 {
        switch failure {
        case .unreachable, .httpStatus: 69
        case .wrongCredentials, .inactive: 77
        case .notXtream, .unexpectedJSON, .tooLarge: 76
        }
    }
}
