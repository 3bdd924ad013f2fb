import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real lircd for tests: the `file` driver (no hardware), a private
/// socket, `allow-simulate`, so `irsend SIMULATE` stands in for a remote.
public final class Lircd {
    public let socketPath: String
    private let directory: URL
    private var pid: pid_t?

    public init(directory: URL) throws {
        self.directory = directory
        socketPath = directory.appendingPathComponent("lircd.sock").path
        try start()
    }

    /// Starts lircd (again) and waits for its socket.
    public func start() throws {
        let plugins = ["/usr/lib/x86_64-linux-gnu/lirc/plugins", "/usr/lib/aarch64-linux-gnu/lirc/plugins", "/usr/lib/lirc/plugins"]
            .first { FileManager.default.fileExists(atPath: $0) } ?? "/usr/lib/x86_64-linux-gnu/lirc/plugins"
        let options = directory.appendingPathComponent("lirc_options.conf")
        try """
            [lircd]
            nodaemon = True
            driver = file
            device = /dev/null
            output = \(socketPath)
            pidfile = \(directory.appendingPathComponent("lircd.pid").path)
            allow-simulate = Yes
            plugindir = \(plugins)

            """.write(to: options, atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(atPath: socketPath)
        let lircd = Spawn.which("lircd") ?? "/usr/sbin/lircd"
        pid = try Spawn.start([lircd, "-O", options.path, "/dev/null"], outputPath: directory.appendingPathComponent("lircd.log").path)
        let deadline = Deadline(in: 10)
        while !FileManager.default.fileExists(atPath: socketPath) {
            guard !deadline.hasPassed else { throw SpawnError(message: "lircd did not start: \(log)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Stops lircd and waits for it to exit.
    public func stop() {
        guard let pid else { return }
        kill(pid, SIGTERM)
        _ = Spawn.wait(pid)
        self.pid = nil
    }

    /// What a remote would send: `button` on remote `remote`, its `repeat`th repeat.
    public func press(_ button: String, repeat count: Int = 0, remote: String = "tvbox") throws {
        let hex = String(count, radix: 16)
        let line = "0000000000002aff \(hex.count < 2 ? "0" + hex : hex) \(button) \(remote)"
        let (status, output) = try Spawn.run(["irsend", "-d", socketPath, "SIMULATE", line])
        guard status == 0 else { throw SpawnError(message: "irsend: \(output)") }
    }

    public var log: String {
        (try? String(contentsOf: directory.appendingPathComponent("lircd.log"), encoding: .utf8)) ?? ""
    }

    deinit { stop() }
}
