import Foundation
import Library
#if canImport(Glibc)
import Glibc
#endif

/// Whether a recording is likely to fit in the recordings folder's free
/// space, reckoned at a `Rate`: what the recording is coming to once it has
/// 30 s in it, else what the channel's last recording (of 10 s or more) came
/// to, else an HD stream's 8 Mbit/s. Pure, except `freeBytes`, which asks
/// the filesystem. Any thread.
enum RecordingSpace {
    static let bytesPerSecond = 1_000_000.0
    /// Seconds of media a recording's own rate is measured over, at least.
    static let measuredOver = 30.0
    /// Seconds of media a channel's earlier recording must hold to give its rate.
    static let channelOver = 10.0

    /// What a recording's bytes a second are reckoned at.
    enum Rate: Equatable {
        /// Nothing known: an HD stream's 8 Mbit/s.
        case assumed
        /// What the channel's last recording came to.
        case channel(Double)
        /// What this recording is coming to.
        case measured(Double)

        var bytesPerSecond: Double {
            switch self {
            case .assumed: RecordingSpace.bytesPerSecond
            case .channel(let rate), .measured(let rate): rate
            }
        }

        /// "at 8 Mbit/s", "at the 2.4 Mbit/s its last recording came to".
        var phrase: String {
            switch self {
            case .assumed: "at 8 Mbit/s"
            case .channel(let rate): "at the \(RecordingSpace.mbits(rate)) its last recording came to"
            case .measured(let rate): "at the \(RecordingSpace.mbits(rate)) it is coming to"
            }
        }
    }

    /// The rate of a recording of the channel keyed `channelKey`: what its
    /// latest recording with `channelOver` seconds in it came to, else assumed.
    static func rate(channelKey: String, in recordings: [SavedRecording]) -> Rate {
        let measured = recordings.filter { $0.channelKey == channelKey && $0.duration >= channelOver && $0.bytes > 0 }
        guard let last = measured.max(by: { $0.start < $1.start }) else { return .assumed }
        return .channel(Double(last.bytes) / last.duration)
    }

    /// "0.7 Mbit/s", "12 Mbit/s".
    static func mbits(_ bytesPerSecond: Double) -> String {
        let mbit = bytesPerSecond * 8 / 1e6
        return mbit >= 10 ? "\(Int(mbit.rounded())) Mbit/s" : String(format: "%.1f Mbit/s", mbit)
    }

    /// The bytes free to an unprivileged writer on the filesystem that
    /// holds `directory` (or, before it is made, its nearest existing
    /// parent); nil when none can be asked.
    static func freeBytes(at directory: String) -> Int64? {
        var path = directory
        while !FileManager.default.fileExists(atPath: path) {
            let parent = (path as NSString).deletingLastPathComponent
            guard parent != path, !parent.isEmpty else { return nil }
            path = parent
        }
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }

    /// What to tell the viewer when `seconds` of `title` at `rate`, beside
    /// `others` bytes the recordings under way beside it still need, likely
    /// will not fit in `free` bytes; nil when they likely will.
    static func warning(title: String, seconds: Double, rate: Rate = .assumed, others: Double = 0, free: Int64, directory: String) -> String? {
        let needed = seconds * rate.bytesPerSecond
        guard Double(free) < needed + others else { return nil }
        let beside = others > 0 ? " (beside \(size(others)) for the recordings under way)" : ""
        return "\(title) may not fit: \(size(Double(free))) free in \(directory), about \(size(needed)) needed \(rate.phrase)\(beside); it stops with \"disk full\" keeping what it has"
    }

    /// "320 kB", "850 MB", "3.6 GB".
    static func size(_ bytes: Double) -> String {
        if bytes >= 1e9 { return String(format: "%.1f GB", bytes / 1e9) }
        return bytes >= 1e6 ? "\(Int((bytes / 1e6).rounded())) MB" : "\(Int((bytes / 1e3).rounded())) kB"
    }
}
