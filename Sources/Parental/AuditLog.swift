import Foundation
import ShellCore
#if canImport(Glibc)
import Glibc
#endif

/// One override or refusal, as the audit log keeps it: when, what, for
/// which item, and who (user, terminal, input). Never a passcode.
public struct AuditRecord: Codable, Equatable, Sendable {
    /// ISO 8601, UTC.
    public var time: String
    /// `granted`, `wrong-passcode`, `locked-out`, `cancelled`, `denied`;
    /// `restrictions-changed` (by the CLI), `restrictions-applied` (by a
    /// running shell), `stopped` (what the change stopped there).
    public var event: String
    public var title: String
    public var id: String
    public var rating: String?
    public var detail: String?
    public var user: String
    public var tty: String
    /// The input: keyboard, ipc, remote, or cli; file for what a change of
    /// the settings file caused in a running shell.
    public var via: String
    public var pid: Int32

    public init(entry: AuditEntry, via: String) {
        time = AuditRecord.format(entry.time)
        event = entry.kind.rawValue
        title = entry.title
        id = entry.itemID
        rating = entry.rating
        detail = entry.detail
        user = Identity.user
        tty = Identity.terminal
        self.via = via
        pid = getpid()
    }

    static func format(_ time: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: time))
    }
}

/// The restrictions audit log: JSON lines, appended, 0600.
public enum AuditLog {
    public static func append(_ record: AuditRecord, to path: String) throws(ParentalError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(record), let line = String(data: data, encoding: .utf8) else {
            throw .unwritable(path: path, reason: "could not encode the record")
        }
        try SecureFile.append(line, to: path)
    }

    /// The records of the log (none when there is no log yet) and the
    /// numbers of lines that are not records.
    public static func read(_ path: String) throws(ParentalError) -> (records: [AuditRecord], badLines: [Int]) {
        guard let text = try SecureFile.read(path, requirePrivate: false) else { return ([], []) }
        var records: [AuditRecord] = []
        var bad: [Int] = []
        let decoder = JSONDecoder()
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            if let record = try? decoder.decode(AuditRecord.self, from: Data(line.utf8)) {
                records.append(record)
            } else {
                bad.append(offset + 1)
            }
        }
        return (records, bad)
    }
}

/// Who runs this process, for the audit log.
enum Identity {
    static var user: String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return "uid \(geteuid())"
    }

    /// The controlling terminal of standard input (or output), else "none".
    static var terminal: String {
        for fd in [STDIN_FILENO, STDOUT_FILENO] {
            if let name = ttyname(fd) { return String(cString: name) }
        }
        return "none"
    }
}
