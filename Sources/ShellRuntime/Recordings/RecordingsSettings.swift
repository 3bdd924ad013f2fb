import Foundation

/// Where recordings go and how they are made: `[recordings] dir`,
/// `padding_before`, `padding_after`, and the command that records (the
/// tvshell binary's hidden `recorder`: a process of its own, so playback
/// never waits on it and it outlives the shell). A plain value.
public struct RecordingsSettings: Equatable, Sendable {
    /// The recordings' folder (made 0700 when missing).
    public var directory: String
    /// Seconds a recording of a programme starts early and ends late.
    public var paddingBefore: Double = 60
    public var paddingAfter: Double = 120
    /// The recorder: an executable and its first arguments; the job goes
    /// to it on standard input.
    public var recorder: [String]
    /// Where the recorders' progress files are: not beside the recordings,
    /// whose disk may fill up (`$XDG_STATE_HOME/tvshell/recordings`).
    public var statusDirectory: String

    public init(directory: String, recorder: [String], paddingBefore: Double = 60, paddingAfter: Double = 120,
                statusDirectory: String = RecordingsSettings.defaultStatusDirectory()) {
        self.directory = directory
        self.statusDirectory = statusDirectory
        self.recorder = recorder
        self.paddingBefore = paddingBefore
        self.paddingAfter = paddingAfter
    }

    /// `$XDG_DATA_HOME/tvshell/recordings`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        XDGBase.data(environment) + "/tvshell/recordings"
    }

    /// The further parts of the recording at `path` (`NAME.part2.mkv` …):
    /// a recorder that died is resumed into the next one.
    public static func partPath(_ path: String, part: Int) -> String {
        (path.hasSuffix(".mkv") ? String(path.dropLast(4)) : path) + ".part\(part).mkv"
    }

    /// Where the part at `path` is copied while a killed recorder's
    /// unfinished file is mended (`PartMender`): renamed over it once whole.
    public static func mendingPath(_ path: String) -> String {
        path + ".mending"
    }

    /// The files of the recording at `path` that are there, in order: it,
    /// then each further part up to the first missing.
    public static func parts(of path: String) -> [String] {
        var paths = [path]
        while FileManager.default.fileExists(atPath: partPath(path, part: paths.count + 1)) {
            paths.append(partPath(path, part: paths.count + 1))
        }
        return paths
    }

    /// The status file recording `id`'s recorder keeps up to date
    /// (`RecordingProgress`), in `statusDirectory`.
    public static func statusPath(statusDirectory: String, id: String) -> String {
        statusDirectory + "/\(id).json"
    }

    /// The log of recording `id`'s recorders (each attempt, stream and
    /// part, with the time; 0600), beside its status file: kept until the
    /// recording is deleted.
    public static func logPath(statusDirectory: String, id: String) -> String {
        statusDirectory + "/\(id).log"
    }

    /// `$XDG_STATE_HOME/tvshell/recordings`.
    public static func defaultStatusDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        XDGBase.state(environment) + "/tvshell/recordings"
    }
}
