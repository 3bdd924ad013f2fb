import Catalog
import Foundation
import ShellRuntime
import Testing

@Suite("The accounts file")
struct AccountsFileTests {
    private func scratch() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("accounts-\(UUID().uuidString)/tvshell/accounts.toml").path
    }

    @Test("accounts are written 0600 and read back, a password with quotes and backslashes kept; put replaces by name; remove takes one")
    func roundTrip() throws {
        let path = scratch()
        var file = try AccountsFile.load(path: path)
        #expect(file.accounts.isEmpty, "no file: no accounts")
        let server = try #require(XtreamServer(server: "tv.example:8080", user: "alice", password: #"p"a\ss"#))
        file.put(.init(name: "tv", server: server))
        file.put(.init(name: "spare", server: try #require(XtreamServer(server: "https://b.example", user: "bob", password: "x"))))
        try file.save()
        let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
        var read = try AccountsFile.load(path: path)
        #expect(read.accounts == file.accounts)
        #expect(read.account("tv")?.server.password == #"p"a\ss"#)
        read.put(.init(name: "tv", server: try #require(XtreamServer(server: "tv.example", user: "carol", password: "y"))))
        #expect(read.accounts.map(\.name) == ["tv", "spare"] && read.account("tv")?.server.user == "carol")
        #expect(read.remove("spare") && !read.remove("spare"))
    }

    @Test("a file others can read is refused (it holds passwords); a table without a password or with an unknown type is named")
    func refused() throws {
        let path = scratch()
        var file = try AccountsFile.load(path: path)
        file.put(.init(name: "tv", server: try #require(XtreamServer(server: "tv.example", user: "u", password: "p"))))
        try file.save()
        chmod(path, 0o644)
        #expect(throws: AccountsFile.Problem.self) { try AccountsFile.load(path: path) }
        chmod(path, 0o600)
        try "[tv]\nserver = \"http://a\"\nuser = \"u\"\n".write(toFile: path, atomically: false, encoding: .utf8)
        do {
            _ = try AccountsFile.load(path: path)
            Issue.record("a table without a password was read")
        } catch {
            #expect(error.message.contains("[tv]: expected server, user and password"), "\(error.message)")
        }
        try "[tv]\ntype = \"stalker\"\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: AccountsFile.Problem.self) { try AccountsFile.load(path: path) }
        #expect(AccountsFile.isValidName("living-room_2") && !AccountsFile.isValidName("a b") && !AccountsFile.isValidName(""))
    }

    @Test("a file that is not TOML is refused naming the line and key, never its text: a password written without its quotes, or with a quote in it, stays out of the reason (which a box shows on its screen and in its state)")
    func brokenLineNotQuoted() throws {
        let path = scratch()
        var file = try AccountsFile.load(path: path)
        file.put(.init(name: "tv", server: try #require(XtreamServer(server: "tv.example", user: "u", password: "p"))))
        try file.save()
        for (text, secret) in [("[tv]\nserver = \"http://a\"\nuser = \"u\"\npassword = hunter2\n", "hunter2"),
                               ("[tv]\nserver = \"http://a\"\nuser = \"u\"\npassword = \"pa\"ss-word\"\n", "ss-word")] {
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            do {
                _ = try AccountsFile.load(path: path)
                Issue.record("a broken file was read")
            } catch {
                #expect(error.message.contains("\(path): line 4, key tv.password: not valid TOML") && !error.message.contains(secret), "\(error.message)")
            }
        }
    }
}
