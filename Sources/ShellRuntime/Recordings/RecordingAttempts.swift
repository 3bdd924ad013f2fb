/// What the recorder does after each attempt at copying a stream: pure, no
/// clock or I/O (the recorder passes what happened and does what it is
/// told).
///
/// A stream that cannot be opened or read gives way to the channel's next
/// one; each round of them all failing is followed by a pause that doubles
/// from 1 s to 15 s, and the rounds go on until the recording's end, so a
/// recording that starts during an outage begins when the channel is back
/// (the recorder says at once that it is down: `channelDown`). Once
/// something is recorded, a stream that stops is asked again at once into a
/// new part (the file written so far is closed and kept), then the others
/// in turn, the same way: the parts play as one; one that stops again
/// within `quickDrop` seconds, time after time, is asked again after a
/// pause that doubles from 1 s to 15 s. A stream that is not live (it has
/// an end, or it gave more than `aheadAllowance` seconds beyond the time it
/// took: a file behind a channel's entry) is recorded once: its end finishes the
/// recording, as the recording's end does. A recorder started again
/// into a further part counts what the parts before it hold. A full disk
/// or a file that cannot be written ends it; the end reached with nothing
/// recorded fails it.
public struct RecordingAttempts: Equatable, Sendable {
    /// How an attempt ended, as `tvs_record` says.
    public enum Outcome: Equatable, Sendable {
        /// The recording's end (or a stop) was reached.
        case done
        /// The stream could not be opened, or stopped or ended early.
        case sourceFailed
        /// The disk is full, the file cannot be written, libavformat is missing.
        case fatal
    }

    /// What to do next.
    public enum Step: Equatable, Sendable {
        /// Try `stream` (an index into the channel's streams), into a new
        /// part when `newPart`, after `pause` seconds.
        case attempt(stream: Int, newPart: Bool, pause: Double)
        /// Stop: the recording is over (`finished`: something was recorded
        /// and the end was reached or it was stopped; else it failed).
        case stop(finished: Bool)
    }

    public let streams: Int
    /// The stream tried last.
    public private(set) var stream = 0
    /// Whether anything was recorded so far, in any part.
    public private(set) var recorded = false
    /// Started again into a further part, after earlier parts that hold
    /// something (its recorder was killed, the machine restarted).
    public let resumed: Bool
    /// Whether this recorder has recorded anything itself.
    public private(set) var recordedHere = false
    /// Times a stream stopped after recording something.
    public private(set) var drops = 0
    /// Streams that failed in a row without recording anything.
    private var failedInARow = 0
    /// Whole rounds of the channel's streams that failed before anything
    /// was recorded.
    public private(set) var roundsFailedBeforeContent = 0
    private var pause = 0.0
    /// The stream is not live: it has an end, or it came faster than the
    /// clock (a file behind the channel's entry).
    public private(set) var notLive = false
    /// A stream that is not live ended before the recording's end.
    public private(set) var reachedItsEnd = false
    /// Seconds of the stream recorded here, and the wall clock's seconds
    /// the attempts took.
    private var streamSeconds = 0.0
    private var clockSeconds = 0.0
    /// Drops in a row, each of an attempt shorter than `quickDrop`, and
    /// the pause before the next attempt after them.
    private var quickDrops = 0
    private var dropPause = 0.0

    /// Seconds a live stream may give beyond the time it took (a live
    /// HLS playlist's newest segment, a server's burst at the start).
    public static let aheadAllowance = 30.0
    /// An attempt that recorded something and stopped within this many
    /// seconds: a second one in a row waits before the stream is asked again
    /// (a server that closes a live stream every few seconds, as some do,
    /// is asked again at once).
    public static let quickDrop = 3.0

    /// Nothing recorded yet and every stream of the channel has failed:
    /// the channel is down as the recording begins.
    public var channelDown: Bool { !recorded && roundsFailedBeforeContent > 0 }

    /// `recordedBefore`: a recording's earlier parts hold something (its
    /// recorder is started again into a further part), so a channel down
    /// from here on is a stream away, not a recording that never began.
    public init(streams: Int, recordedBefore: Bool = false) {
        self.streams = max(1, streams)
        self.recorded = recordedBefore
        self.resumed = recordedBefore
    }

    /// What a finished recording's card says of how it went, its files
    /// being `parts` (nil: as planned): the stream's drops; for a resumed
    /// recorder, that it was, and whether the channel was back for the rest
    /// of the time (`reason`: why it was not; nil: it was started again
    /// only after the end, to finish the parts).
    public func howItWent(parts: Int, reason: String?) -> String? {
        let inParts = parts > 1 ? "; recorded in \(parts) parts" : ""
        let file = notLive ? "the channel's stream is a file, not a live broadcast: \(reachedItsEnd ? "recorded to its end" : "recorded for as long as asked")" : nil
        let dropped = drops == 0 ? nil : "the stream stopped \(drops == 1 ? "once" : "\(drops) times")"
        let said = [file, dropped].compactMap { $0 }.joined(separator: "; ")
        let stops: String? = said.isEmpty ? nil : said
        guard resumed else { return stops.map { $0 + inParts } }
        guard recordedHere else {
            guard let reason else { return "the recorder stopped before the end\(inParts)" }
            return "the recorder stopped, and after it the channel could not be opened again until the end (\(reason))\(inParts)"
        }
        return "the recorder stopped and was started again\(stops.map { "; \($0)" } ?? "")\(inParts)"
    }

    /// After an attempt that ended as `outcome`, having recorded `recorded`
    /// seconds of the stream in `lasted` seconds of the wall clock, from a
    /// stream with an end (`finite`) or not.
    public mutating func next(after outcome: Outcome, recorded seconds: Double, lasted: Double, finite: Bool = false) -> Step {
        let gotContent = seconds > 0
        if gotContent {
            recorded = true
            recordedHere = true
            streamSeconds += seconds
        }
        clockSeconds += max(0, lasted)
        if gotContent && (finite || streamSeconds > clockSeconds + Self.aheadAllowance) { notLive = true }
        switch outcome {
        case .done:
            return .stop(finished: recorded)
        case .fatal:
            return .stop(finished: false)
        case .sourceFailed:
            if gotContent && notLive {
                reachedItsEnd = true
                return .stop(finished: true)
            }
            if gotContent {
                drops += 1
                failedInARow = 0
                pause = 0
                quickDrops = lasted < Self.quickDrop ? quickDrops + 1 : 0
                dropPause = quickDrops < 2 ? 0 : dropPause == 0 ? 1 : min(15, dropPause * 2)
                return .attempt(stream: stream, newPart: true, pause: dropPause)
            }
            failedInARow += 1
            stream = (stream + 1) % streams
            var wait = 0.0
            if failedInARow % streams == 0 {
                if !recorded { roundsFailedBeforeContent += 1 }
                pause = pause == 0 ? 1 : min(15, pause * 2)
                wait = pause
            }
            return .attempt(stream: stream, newPart: false, pause: wait)
        }
    }
}
