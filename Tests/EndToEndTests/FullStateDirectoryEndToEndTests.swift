import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A directory that is full for one program only: a small tmpfs mounted
/// over it in a private mount namespace, filled up before the program starts.
enum FullDirectory {
    /// Nil when this machine lets the tests mount a tmpfs in a private
    /// namespace (root, or user namespaces allowed), else why not.
    static let unavailable: String? = {
        guard let result = try? Spawn.run(["unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=64k none /mnt && umount /mnt"]) else { return "unshare cannot be run" }
        return result.status == 0 ? nil : "no tmpfs in a private mount namespace here (\(result.output.trimmingCharacters(in: .whitespacesAndNewlines)))"
    }()

    /// A shell command prefix that runs what follows with `directory` a
    /// full 64 KiB tmpfs (`.fill` takes the space).
    static func wrapper(_ directory: String) -> String {
        "unshare -m sh -c 'mount -t tmpfs -o size=64k,mode=0700 tvshell-full \"$0\" && { dd if=/dev/zero of=\"$0/.fill\" bs=1k 2>/dev/null; exec \"$@\"; }' '\(directory)' "
    }
}

@Suite("A full state directory loses nothing of the restrictions", .serialized)
struct FullStateDirectoryEndToEndTests {
    @Test("five wrong codes lock out in memory; the unwritten audit is told on screen and in the log; once there is room both are written",
          .enabled(if: FullDirectory.unavailable == nil, "\(FullDirectory.unavailable ?? "")"))
    func lockoutHeldAndWrittenLater() throws {
        let home = try ParentalHome.withPasscode("2468")
        let directory = home.state + "/tvshell"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let shell = try ShellUnderTest(["--home"], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome, home: home,
                                       wrapper: FullDirectory.wrapper(directory))
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        let pid = try #require(shell.pid)
        let inside = "/proc/\(pid)/root" + directory
        #expect(FileManager.default.fileExists(atPath: inside + "/.fill"), "the shell's view of its state directory is the full tmpfs")

        _ = try shell.ipc.request(["channel", 4])
        try shell.lockOut()
        let told = try shell.ipc.waitForState { ($0["notice"] as? String ?? "").hasPrefix("The restrictions audit log cannot be written") }
        #expect((told["notice"] as? String ?? "").contains("kept until it can"))

        _ = try shell.ipc.request(["channel", 4])
        let locked = try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        #expect((locked["passcode"] as? [String: Any])?["locked"] as? Bool == true, "the lockout holds in memory")
        try shell.enter("2468")
        #expect(try shell.ipc.state()["screen"] as? String == "passcode", "the right code does not open a locked prompt")
        #expect(!FileManager.default.fileExists(atPath: inside + "/restrictions-audit.log"))

        try FileManager.default.removeItem(atPath: inside + "/.fill")
        let deadline = Deadline(in: 45)
        var audit = ""
        while !deadline.hasPassed && audit.components(separatedBy: "\n").count < 7 {
            usleep(200_000)
            audit = (try? String(contentsOfFile: inside + "/restrictions-audit.log", encoding: .utf8)) ?? ""
        }
        let events = audit.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.map { $0["event"] as? String ?? "" }
        #expect(Array(events.prefix(6)) == ["wrong-passcode", "wrong-passcode", "wrong-passcode", "wrong-passcode", "wrong-passcode", "locked-out"], "\(events)")
        let lockout = (try? String(contentsOfFile: inside + "/passcode-lockout.toml", encoding: .utf8)) ?? ""
        #expect(lockout.contains("failures = 5") && lockout.contains("locked_until"), "\(lockout)")
        let log = (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? ""
        #expect(log.contains("kept in memory"), "the log says what is kept")
        #expect(log.contains("the lockout and audit entries kept in memory are written"))
    }
}
