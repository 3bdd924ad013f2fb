import Foundation
import ShellProbes
import ShellTesting
import Testing

/// What `make install` put in a scratch root, run as a second machine would
/// run it: in a mount namespace where the checkout and the Swift toolchain
/// are empty directories. scripts/check-install.sh sets
/// TVSHELL_INSTALLED_ROOT (and TVSHELL_TOOLCHAIN) and runs this suite.
@Suite("The installed binary, away from the checkout and the toolchain", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["TVSHELL_INSTALLED_ROOT"] != nil))
struct InstalledBinaryEndToEndTests {
    static let environment = ProcessInfo.processInfo.environment
    static let root = environment["TVSHELL_INSTALLED_ROOT"] ?? ""
    static let toolchain = environment["TVSHELL_TOOLCHAIN"] ?? "/opt/swift"
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// `arguments` run by the installed binary with the checkout and the
    /// toolchain hidden under empty tmpfs mounts.
    static func hidden(_ arguments: [String]) -> [String] {
        ["unshare", "--map-root-user", "--mount", "sh", "-c",
         #"mount -t tmpfs none "$1" && mount -t tmpfs none "$2" && [ -z "$(ls -A "$1")" ] && [ -z "$(ls -A "$2")" ] && shift 2 && exec "$@""#,
         "sh", checkout, toolchain, root + "/usr/bin/tvshell"] + arguments
    }

    /// A new directory for one test's home.
    static func scratch() throws -> String {
        let path = "/tmp/tvshell-installed-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func scratchEnvironment(_ home: String) -> [String: String] {
        ["HOME": home, "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": DemoLineupEndToEndTests.cacheHome, "LANG": "C.UTF-8"]
    }

    @Test("it starts, reads its themes and its ratings with neither in sight")
    func starts() throws {
        let home = try Self.scratch()
        let version = try Spawn.run(Self.hidden(["--version"]), environment: Self.scratchEnvironment(home))
        #expect(version.status == 0 && version.output.hasPrefix("0."), "\(version.output)")
        let themes = try Spawn.run(Self.hidden(["themes"]), environment: Self.scratchEnvironment(home))
        #expect(themes.output.contains("\(Self.root)/usr/share/tvshell/Themes: console16, default, high-contrast, light"), "\(themes.output)")
        let restrictions = try Spawn.run(Self.hidden(["restrictions", "set", "--tv", "TV-PG"]), environment: Self.scratchEnvironment(home))
        #expect(restrictions.status == 0, "the ratings table is read: \(restrictions.output)")
        let ls = try Spawn.run(["unshare", "--map-root-user", "--mount", "sh", "-c",
                                #"mount -t tmpfs none "$1" && ls -A "$1" | wc -l"#, "sh", Self.toolchain])
        #expect(ls.output.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "the toolchain is hidden in the namespace")
    }

    @Test("it plays the demo lineup over IPC, with no terminal")
    func plays() throws {
        let home = try Self.scratch()
        let socket = home + "/ipc.sock"
        let pid = try Spawn.start(Self.hidden(["--mpv-option", "ao=null", "--ipc-socket", socket]), environment: Self.scratchEnvironment(home),
                                  outputPath: home + "/output.txt")
        var exited = false
        defer {
            if !exited {
                kill(pid, SIGTERM)
                _ = Spawn.wait(pid)
            }
        }
        let ipc = try IPCClient(path: socket, timeout: 120)
        let playing = try ipc.waitForState(timeout: 60) { $0["phase"] as? String == "playing" }
        #expect((playing["url"] as? String ?? "").hasSuffix("demo-film.mkv"))
        #expect(try ipc.request(["channel", 1])["error"] as? String == "success")
        try ipc.waitForState(timeout: 30) { ($0["channel"] as? [String: Any])?["number"] as? Int == 1 && $0["phase"] as? String == "playing" }
        #expect(try ipc.request(["quit"])["error"] as? String == "success")
        #expect(Spawn.wait(pid) == 0)
        exited = true
    }
}
