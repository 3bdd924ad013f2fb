import ShellRuntime
import Testing

extension RecordingAttempts {
    /// An attempt of a live stream that lasted a minute and recorded it
    /// (`gotContent`), or nothing.
    mutating func next(after outcome: Outcome, gotContent: Bool) -> Step {
        next(after: outcome, recorded: gotContent ? 60 : 0, lasted: 60)
    }
}

@Suite("What the recorder does after each attempt")
struct RecordingAttemptsTests {
    @Test("before anything is recorded: each stream in turn, then round after round with growing pauses until the end (the channel is down meanwhile)")
    func nothingRecorded() {
        var attempts = RecordingAttempts(streams: 3)
        #expect(attempts.next(after: .sourceFailed, gotContent: false) == .attempt(stream: 1, newPart: false, pause: 0))
        #expect(attempts.next(after: .sourceFailed, gotContent: false) == .attempt(stream: 2, newPart: false, pause: 0))
        #expect(!attempts.channelDown, "not every stream has failed yet")
        #expect(attempts.next(after: .sourceFailed, gotContent: false) == .attempt(stream: 0, newPart: false, pause: 1))
        #expect(attempts.channelDown && !attempts.recorded && attempts.drops == 0)
        #expect(attempts.next(after: .done, gotContent: false) == .stop(finished: false), "the end came with nothing recorded")

        var one = RecordingAttempts(streams: 1)
        let pauses = (0..<6).map { _ in one.next(after: .sourceFailed, gotContent: false) }
        #expect(pauses == [1, 2, 4, 8, 15, 15].map { .attempt(stream: 0, newPart: false, pause: $0) })
        #expect(one.roundsFailedBeforeContent == 6)
        #expect(one.next(after: .sourceFailed, gotContent: true) == .attempt(stream: 0, newPart: true, pause: 0), "back: it records, then stops")
        #expect(!one.channelDown && one.recorded)
    }

    @Test("a stream that stops after recording: the same stream again into a new part; then the others; each round of failures pauses 1, 2, 4 … at most 15 s; a recovery resets the pause")
    func dropsAfterContent() {
        var attempts = RecordingAttempts(streams: 2)
        #expect(attempts.next(after: .sourceFailed, gotContent: false) == .attempt(stream: 1, newPart: false, pause: 0))
        #expect(attempts.next(after: .sourceFailed, gotContent: true) == .attempt(stream: 1, newPart: true, pause: 0), "stream 2 recorded, then stopped")
        #expect(attempts.recorded && attempts.drops == 1)
        #expect(attempts.next(after: .sourceFailed, gotContent: false) == .attempt(stream: 0, newPart: false, pause: 0))
        #expect(attempts.next(after: .sourceFailed, gotContent: false) == .attempt(stream: 1, newPart: false, pause: 1), "a whole round failed")
        #expect(attempts.next(after: .sourceFailed, gotContent: false) == .attempt(stream: 0, newPart: false, pause: 0))
        #expect(attempts.next(after: .sourceFailed, gotContent: false) == .attempt(stream: 1, newPart: false, pause: 2))
        var pauses: [Double] = []
        for _ in 0..<10 {
            if case .attempt(_, _, let pause) = attempts.next(after: .sourceFailed, gotContent: false), pause > 0 { pauses.append(pause) }
        }
        #expect(pauses == [4, 8, 15, 15, 15])
        #expect(attempts.next(after: .sourceFailed, gotContent: true) == .attempt(stream: 1, newPart: true, pause: 0))
        #expect(attempts.next(after: .sourceFailed, gotContent: false) == .attempt(stream: 0, newPart: false, pause: 0))
        #expect(attempts.next(after: .sourceFailed, gotContent: false) == .attempt(stream: 1, newPart: false, pause: 1), "the pause starts again")
        #expect(attempts.drops == 2)
        #expect(attempts.next(after: .done, gotContent: false) == .stop(finished: true), "the end reached while the stream was away")
    }

    @Test("the end reached is finished when something was recorded; a full disk or an unwritable file stops it")
    func endings() {
        var done = RecordingAttempts(streams: 2)
        #expect(done.next(after: .done, gotContent: true) == .stop(finished: true))
        var empty = RecordingAttempts(streams: 2)
        #expect(empty.next(after: .done, gotContent: false) == .stop(finished: false))
        var full = RecordingAttempts(streams: 2)
        #expect(full.next(after: .fatal, gotContent: true) == .stop(finished: false))
    }

    @Test("a recorder started again into a further part counts the parts before: a channel down from then on is a stream away, and the end reached finishes it, saying so")
    func resumed() {
        var away = RecordingAttempts(streams: 2, recordedBefore: true)
        #expect(away.recorded && away.resumed && !away.recordedHere)
        #expect(away.next(after: .sourceFailed, gotContent: false) == .attempt(stream: 1, newPart: false, pause: 0))
        #expect(away.next(after: .sourceFailed, gotContent: false) == .attempt(stream: 0, newPart: false, pause: 1))
        #expect(!away.channelDown, "it is not a recording that never began")
        #expect(away.next(after: .done, gotContent: false) == .stop(finished: true))
        #expect(away.howItWent(parts: 1, reason: "HTTP 500") == "the recorder stopped, and after it the channel could not be opened again until the end (HTTP 500)")
        #expect(away.howItWent(parts: 2, reason: nil) == "the recorder stopped before the end; recorded in 2 parts", "started again after the end, to finish its parts")

        var back = RecordingAttempts(streams: 1, recordedBefore: true)
        #expect(back.next(after: .sourceFailed, gotContent: true) == .attempt(stream: 0, newPart: true, pause: 0))
        #expect(back.next(after: .done, gotContent: true) == .stop(finished: true))
        #expect(back.howItWent(parts: 3, reason: "") == "the recorder stopped and was started again; the stream stopped once; recorded in 3 parts")

        var planned = RecordingAttempts(streams: 1)
        #expect(planned.next(after: .done, gotContent: true) == .stop(finished: true))
        #expect(planned.howItWent(parts: 1, reason: "") == nil)
        var dropped = RecordingAttempts(streams: 1)
        _ = dropped.next(after: .sourceFailed, gotContent: true)
        #expect(dropped.howItWent(parts: 2, reason: "") == "the stream stopped once; recorded in 2 parts")
    }

    @Test("a stream with an end (a file behind a channel's entry) is recorded once: its end finishes the recording, not a new part, and the card says why")
    func fileEnds() {
        var file = RecordingAttempts(streams: 2)
        #expect(file.next(after: .sourceFailed, recorded: 8, lasted: 0.2, finite: true) == .stop(finished: true))
        #expect(file.notLive && file.reachedItsEnd && file.drops == 0)
        #expect(file.howItWent(parts: 1, reason: "") == "the channel's stream is a file, not a live broadcast: recorded to its end")

        var long = RecordingAttempts(streams: 1)
        #expect(long.next(after: .done, recorded: 3600, lasted: 40, finite: true) == .stop(finished: true), "a long file, cut at the recording's length")
        #expect(long.howItWent(parts: 1, reason: "") == "the channel's stream is a file, not a live broadcast: recorded for as long as asked")

        var live = RecordingAttempts(streams: 1)
        #expect(live.next(after: .sourceFailed, recorded: 50, lasted: 40) == .attempt(stream: 0, newPart: true, pause: 0),
                "a live stream's burst at the start is not a file")
        #expect(!live.notLive)
    }

    @Test("a stream that says nothing of an end but comes faster than the clock is a file too: after the copies that show it, the recording is finished")
    func fasterThanTheClock() {
        var attempts = RecordingAttempts(streams: 1)
        var steps: [RecordingAttempts.Step] = []
        for _ in 0..<6 { steps.append(attempts.next(after: .sourceFailed, recorded: 8, lasted: 0.1)) }
        #expect(steps == [.attempt(stream: 0, newPart: true, pause: 0), .attempt(stream: 0, newPart: true, pause: 1),
                          .attempt(stream: 0, newPart: true, pause: 2), .stop(finished: true), .stop(finished: true), .stop(finished: true)],
                "32 s of the stream in 0.4 s: not live")
        #expect(attempts.howItWent(parts: 4, reason: "") == "the channel's stream is a file, not a live broadcast: recorded to its end; the stream stopped 3 times; recorded in 4 parts")
    }

    @Test("a live stream that stops within seconds time after time is asked again after a pause that doubles up to 15 s; one that holds a while resets it")
    func quickDrops() {
        var attempts = RecordingAttempts(streams: 1)
        let pauses = (0..<7).map { _ in attempts.next(after: .sourceFailed, recorded: 1, lasted: 1) }
        #expect(pauses == [0, 1, 2, 4, 8, 15, 15].map { .attempt(stream: 0, newPart: true, pause: $0) })
        #expect(!attempts.notLive && attempts.drops == 7)
        #expect(attempts.next(after: .sourceFailed, recorded: 40, lasted: 40) == .attempt(stream: 0, newPart: true, pause: 0), "it held 40 s")
        #expect(attempts.next(after: .sourceFailed, recorded: 1, lasted: 1) == .attempt(stream: 0, newPart: true, pause: 0), "one quick drop: at once")
        #expect(attempts.next(after: .sourceFailed, recorded: 1, lasted: 1) == .attempt(stream: 0, newPart: true, pause: 1))
        var chunked = RecordingAttempts(streams: 1)
        let closings = (0..<5).map { _ in chunked.next(after: .sourceFailed, recorded: 6, lasted: 6) }
        #expect(closings == Array(repeating: .attempt(stream: 0, newPart: true, pause: 0), count: 5), "a server that closes every 6 s: asked again at once")
    }
}
