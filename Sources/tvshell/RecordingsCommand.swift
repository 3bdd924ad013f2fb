import ArgumentParser
import Foundation
import Library
import ShellCore
import ShellRuntime
#if canImport(Glibc)
import Glibc
#endif

/// `tvshell recordings …`: what is scheduled, being recorded, recorded or failed.
struct RecordingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recordings",
        abstract: "List, cancel or delete recordings.",
        discussion: "Recordings are made with r on a live channel, ENTER on a future programme in the guide, or the automation socket's record.",
        subcommands: [RecordingsListCommand.self, RecordingsCancelCommand.self, RecordingsDeleteCommand.self]
    )

    /// The library at `path`, or why not.
    static func library(_ path: String) throws -> LibraryStore {
        let opened = LibraryStore.open(path: path)
        guard let store = opened.store else { throw CLIError(opened.problem ?? "the library cannot be opened", code: 74) }
        return store
    }

    static func find(_ id: String, in store: LibraryStore) throws -> SavedRecording {
        guard let recording = try? store.recording(id) else { throw CLIError("no recording \(id) (tvshell recordings list)", code: 66) }
        return recording
    }

    /// Stops the recorder of an active recording (it finishes its file).
    static func stopRecorder(_ recording: SavedRecording) {
        guard recording.status == RecordingInfo.Status.active.rawValue, let pid = recording.pid,
              let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
              line.split(separator: 0).last.map({ String(decoding: $0, as: UTF8.self) }) == recording.id else { return }
        kill(pid_t(pid), SIGTERM)
    }
}

/// `tvshell recordings list [--json]`.
struct RecordingsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List recordings: scheduled, active (with bytes and length), finished, failed with the reason.")

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var options: LibraryOptions

    func run() throws {
        try runReportingErrors {
            let store = try RecordingsCommand.library(options.libraryPath)
            let recordings = try store.recordings()
            func log(_ r: SavedRecording) -> String? {
                let path = RecordingsSettings.logPath(statusDirectory: RecordingsSettings.defaultStatusDirectory(), id: r.id)
                return FileManager.default.fileExists(atPath: path) ? path : nil
            }
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            func time(_ t: Double) -> String { formatter.string(from: Date(timeIntervalSince1970: t)) }
            if json {
                print(JSONText.array(recordings.map { r in
                    .object(["id": .string(r.id), "status": .string(r.status), "title": .string(r.title), "channel": r.channelNumber.map(JSONText.int) ?? .null,
                             "channel_name": .string(r.channelName), "start": .double(r.start), "end": .double(r.end), "series": .bool(r.series),
                             "bytes": .int(Int(r.bytes)), "duration": .double(r.duration), "path": .optional(r.path), "reason": .optional(r.reason),
                             "rating": .optional(r.rating), "log": .optional(log(r))])
                }).rendered(), terminator: "")
                return
            }
            if recordings.isEmpty { print("no recordings (r on a live channel, or ENTER on a future programme in the guide)") }
            for r in recordings {
                var line = "\(r.id)\t\(r.status)\t\(time(r.start))–\(time(r.end))\t\(r.channelName)\t\(r.title)"
                if r.bytes > 0 { line += "\t\(r.bytes / 1024) KiB, \(Int(min(max(r.duration.isFinite ? r.duration : 0, 0), 1e12))) s" }
                if let reason = r.reason { line += "\t(\(reason))" }
                if let path = r.path { line += "\t\(path)" }
                if r.status == RecordingInfo.Status.failed.rawValue, let log = log(r) { line += "\tlog: \(log)" }
                print(line)
            }
        }
    }
}

/// `tvshell recordings cancel ID`: a scheduled one is forgotten; one being
/// made stops, keeping what it has.
struct RecordingsCancelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a scheduled recording, or stop one being made (keeping what it has).")

    @Argument(help: "The recording's id (tvshell recordings list).")
    var id: String

    @Flag(help: "Also stop recording the rest of its series.")
    var series = false

    @OptionGroup var options: LibraryOptions

    func run() throws {
        try runReportingErrors {
            let store = try RecordingsCommand.library(options.libraryPath)
            let recording = try RecordingsCommand.find(id, in: store)
            if series { try store.deleteRecordingRule(recording.channelKey + "|" + recording.title) }
            switch RecordingInfo.Status(rawValue: recording.status) {
            case .active:
                RecordingsCommand.stopRecorder(recording)
                print("stopping \(id): what it has is kept")
            case .scheduled, .waiting:
                try store.deleteRecording(id)
                print("cancelled \(id)")
            default:
                throw CLIError("\(id) has \(recording.status): nothing to cancel (tvshell recordings delete \(id) removes it)", code: 65)
            }
        }
    }
}

/// `tvshell recordings delete ID`: its file(s) and its entry.
struct RecordingsDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a recording: its file and its entry (one being made is stopped first).")

    @Argument(help: "The recording's id (tvshell recordings list).")
    var id: String

    @OptionGroup var options: LibraryOptions

    func run() throws {
        try runReportingErrors {
            let store = try RecordingsCommand.library(options.libraryPath)
            let recording = try RecordingsCommand.find(id, in: store)
            RecordingsCommand.stopRecorder(recording)
            var removed = 0
            if let path = recording.path {
                for file in RecordingsSettings.parts(of: path) {
                    if (try? FileManager.default.removeItem(atPath: file)) != nil { removed += 1 }
                    unlink(RecordingsSettings.mendingPath(file))
                }
            }
            try store.deleteRecording(id)
            let status = RecordingsSettings.defaultStatusDirectory()
            for file in [RecordingsSettings.logPath(statusDirectory: status, id: id), RecordingsSettings.statusPath(statusDirectory: status, id: id)] { unlink(file) }
            print("deleted \(id)\(removed > 0 ? " and \(removed) file\(removed == 1 ? "" : "s")" : "")")
        }
    }
}

/// `tvshell recorder ID` (hidden): one recording, its job on standard
/// input, started by the shell's scheduler in a session of its own.
struct RecorderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "recorder", abstract: "Make one recording (started by tvshell itself).", shouldDisplay: false)

    @Argument(help: "The recording's id.")
    var id: String

    func run() throws {
        let input = FileHandle.standardInput.readDataToEndOfFile()
        let status = Recorder.run(input: input)
        if status != 0 { throw ExitCode(status) }
    }
}
