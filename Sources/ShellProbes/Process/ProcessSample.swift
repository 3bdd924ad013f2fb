import Foundation

/// CPU time, context switches and resident memory of a process, read from
/// /proc (all threads together).
public struct ProcessSample {
    /// User + system CPU seconds so far.
    public let cpuSeconds: Double
    /// Voluntary + involuntary context switches of all threads (wakeups).
    public let contextSwitches: Int
    /// Resident set size in KiB.
    public let rssKiB: Int
    /// Of it, anonymous memory in KiB (`RssAnon`: the heap, malloc's arenas
    /// and mappings, thread stacks; not the libraries' pages, which are
    /// shared and read again from their files).
    public let anonKiB: Int
    /// The most resident memory it has held, in KiB (`VmHWM`).
    public let peakKiB: Int

    public static func read(_ pid: Int32) -> ProcessSample? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let utime = Double(fields[11]), let stime = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var switches = 0
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else { continue }
            for line in status.split(separator: "\n") where line.contains("ctxt_switches:") {
                switches += Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
            }
        }
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        func kib(_ field: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }) else { return 0 }
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        return ProcessSample(cpuSeconds: (utime + stime) / ticks, contextSwitches: switches, rssKiB: kib("VmRSS:"), anonKiB: kib("RssAnon:"),
                             peakKiB: kib("VmHWM:"))
    }
}
