import Catalog
import ConfigFormat
import Foundation
import Parental

/// `$XDG_CONFIG_HOME/tvshell/accounts.toml`: the IPTV accounts the shell
/// can sign in with, one table each (`[NAME]`: `type = "xtream"`, `server`,
/// `user`, `password`). Mode 0600 in a 0700 directory, written whole; a
/// file others can read is refused (the password is in it). Nothing read
/// from it is logged or shown but the name, server and user. Blocking;
/// any thread, one writer at a time (the CLI).
public struct AccountsFile: Sendable {
    /// One account.
    public struct Account: Equatable, Sendable {
        public var name: String
        public var server: XtreamServer

        public init(name: String, server: XtreamServer) {
            self.name = name
            self.server = server
        }
    }

    /// Why the file cannot be used.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    public let path: String
    public private(set) var accounts: [Account]

    /// The default place.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        XDGBase.config(environment) + "/tvshell/accounts.toml"
    }

    /// Whether `name` can name an account: letters, digits, `-` and `_`, up to 64.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// Reads `path` (no file: no accounts).
    public static func load(path: String = defaultPath()) throws(Problem) -> AccountsFile {
        let text: String?
        do {
            text = try SecureFile.read(path, requirePrivate: true)
        } catch {
            throw Problem(message: "\(error)")
        }
        guard let text else { return AccountsFile(path: path, accounts: []) }
        let document: TOMLDocument
        do {
            document = try TOMLDocument.parse(text)
        } catch {
            // Where, never what: the scanner's words quote the line's text,
            // which may be a password written without its quotes.
            throw Problem(message: "\(path): line \(error.line)\(error.key.map { ", key \($0)" } ?? ""): not valid TOML "
                          + "(a value without its quotes, or a quote inside one not written \\\"); the line is not shown, as it may hold a password")
        }
        var accounts: [Account] = []
        for (table, line) in document.tables where !table.isEmpty {
            func value(_ key: String) -> String? { document.entry(table, key)?.value.string }
            let type = value("type") ?? "xtream"
            guard type == "xtream" else { throw Problem(message: "\(path): line \(line), [\(table)]: type \"\(type)\" is not known (expected \"xtream\")") }
            guard let server = value("server"), let user = value("user"), let password = value("password") else {
                throw Problem(message: "\(path): line \(line), [\(table)]: expected server, user and password")
            }
            guard let made = XtreamServer(server: server, user: user, password: password) else {
                throw Problem(message: "\(path): line \(line), [\(table)]: server \(server) is not an http(s) address")
            }
            accounts.append(Account(name: table, server: made))
        }
        return AccountsFile(path: path, accounts: accounts)
    }

    /// The account called `name`.
    public func account(_ name: String) -> Account? { accounts.first { $0.name == name } }

    /// Adds `account`, or replaces the one of that name.
    public mutating func put(_ account: Account) {
        if let index = accounts.firstIndex(where: { $0.name == account.name }) {
            accounts[index] = account
        } else {
            accounts.append(account)
        }
    }

    /// Removes the account called `name`; whether there was one.
    @discardableResult
    public mutating func remove(_ name: String) -> Bool {
        let before = accounts.count
        accounts.removeAll { $0.name == name }
        return accounts.count != before
    }

    /// Writes the file whole, 0600.
    public func save() throws(Problem) {
        var text = "# tvshell's accounts: written by `tvshell account add`. Private (0600): it holds passwords.\n"
        for account in accounts {
            text += "\n[\(account.name)]\ntype = \"xtream\"\n"
            text += "server = \(TOMLDocument.quote(account.server.base))\n"
            text += "user = \(TOMLDocument.quote(account.server.user))\n"
            text += "password = \(TOMLDocument.quote(account.server.password))\n"
        }
        do {
            try SecureFile.write(text, to: path)
        } catch {
            throw Problem(message: "\(error)")
        }
    }
}
