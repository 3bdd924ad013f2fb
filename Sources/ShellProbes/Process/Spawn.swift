import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts programs for tests with an empty signal mask and default signal
/// actions (Swift Testing's threads block almost every signal, and
/// `Foundation.Process` children inherit that), and standard streams on
/// /dev/null or a capture file.
public enum Spawn {
    /// Runs `arguments` to completion, with `input` on its standard input;
    /// returns the exit status and what it printed.
    @discardableResult
    public static func run(_ arguments: [String], environment: [String: String]? = nil, input: String? = nil) throws -> (status: Int32, output: String) {
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("tvshell-spawn-\(UUID().uuidString)")
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("tvshell-spawn-in-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: capture)
            try? FileManager.default.removeItem(at: inputFile)
        }
        try (input ?? "").write(to: inputFile, atomically: true, encoding: .utf8)
        let pid = try spawn(arguments, environment: environment) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, inputFile.path, O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, capture.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        let status = wait(pid)
        let output = (try? String(contentsOf: capture, encoding: .utf8)) ?? ""
        return (status, output)
    }

    /// Starts `arguments` in the background; stdout and stderr go to
    /// `outputPath` (or /dev/null). Returns the pid.
    public static func start(_ arguments: [String], environment: [String: String]? = nil, outputPath: String? = nil) throws -> pid_t {
        try spawn(arguments, environment: environment) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outputPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
    }

    /// `posix_spawnp` with an empty signal mask and default signal actions,
    /// the file actions `files` sets up, and optionally a new session (so a
    /// pty given as its stdio becomes its controlling terminal). The child
    /// keeps descriptors below `keeping` only: whatever else the test
    /// process holds (IPC clients, pipes, a display's connections, other
    /// tests' ptys) would otherwise live on in it, keeping peers from
    /// seeing a close.
    static func spawn(
        _ arguments: [String], environment: [String: String]?, newSession: Bool = false, keeping: Int32 = 3,
        files: (inout posix_spawn_file_actions_t) -> Void
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        files(&actions)
        closeFrom(&actions, keeping)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &all)
        let setsid: Int32 = newSession ? 0x80 : 0  // POSIX_SPAWN_SETSID (glibc)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | setsid))

        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw SpawnError(message: "\(arguments[0]): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), which
    /// Swift's Glibc module does not declare: looked up by name.
    private static func closeFrom(_ actions: inout posix_spawn_file_actions_t, _ lowest: Int32) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, lowest)
    }

    /// What a finished process cost: wall and CPU time, peak RSS.
    public struct Cost: Sendable {
        public var status: Int32
        public var seconds: Double
        public var cpuSeconds: Double
        public var peakMiB: Double
    }

    /// Runs `arguments` (output to /dev/null) and measures it.
    public static func measure(_ arguments: [String], environment: [String: String]? = nil) throws -> Cost {
        var started = timespec()
        clock_gettime(CLOCK_MONOTONIC, &started)
        let pid = try start(arguments, environment: environment)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        var ended = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ended)
        let wall = Double(ended.tv_sec - started.tv_sec) + Double(ended.tv_nsec - started.tv_nsec) / 1e9
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Cost(status: code, seconds: wall, cpuSeconds: cpu, peakMiB: Double(usage.ru_maxrss) / 1024)
    }

    /// Waits for `pid`; returns its exit status, or 128+signal.
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if status & 0x7F == 0 { return (status >> 8) & 0xFF }
        return 128 + (status & 0x7F)
    }

    /// SIGTERM, then SIGKILL if `pid` has not exited within `grace`
    /// seconds; reaps it either way. Returns its exit status (or 128+signal).
    @discardableResult
    public static func terminate(_ pid: pid_t, grace: Double = 3) -> Int32 {
        kill(pid, SIGTERM)
        let deadline = Deadline(in: grace)
        var status: Int32 = 0
        while !deadline.hasPassed {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F) }
            if reaped < 0 && errno != EINTR { return -1 }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        return wait(pid)
    }

    /// Path of an executable in PATH, if any.
    public static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

public struct SpawnError: Error, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
