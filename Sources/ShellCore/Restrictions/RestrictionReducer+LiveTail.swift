import MediaModel

/// The end of a programme held back, still on a live picture.
///
/// A live stream's picture comes some seconds after its airing (three
/// segments on HLS, more through a restream) and guides' times are rounded
/// (and programmes run late), so for a while after the guide says a
/// programme ended its end is still on screen. A programme held back (over
/// the limits, not covered by the last passcode) is therefore held
/// `bufferMargin` past its end, at the live edge as in the buffer
/// (`allowedSpan`): a channel opened, or rechecked at the boundary, in that
/// time is judged by it, not by the programme the guide says airs now.
/// Pure.
extension RestrictionReducer {
    /// The programme `item`'s picture is judged by at `time`: the one
    /// airing then, or, while its end may still be on screen, one before
    /// it that is held back (the latest: a short one between, an ident or
    /// a trailer, does not cut the margin short) — unless the last
    /// passcode covers the one airing (given while that end was on screen:
    /// it named the one airing, `grantedProgrammeStart`, and covers the end
    /// seen with it). `tail`: it is that one.
    static func judged(_ state: ShellState, _ item: MediaItem, at time: Double) -> (programme: Programme?, tail: Bool) {
        let now = state.nowNext(item, at: time).now
        let policy = state.restrictions.policy
        guard item.isLive, policy.mode != .off, !covered(state, item, programmeStart: now?.start) else { return (now, false) }
        // Those just before (however short), back to the margin; or the last one before a gap.
        var probe = now.map { $0.start - 0.001 } ?? time - bufferMargin
        for _ in 0..<tailLookBack {
            guard let before = state.nowNext(item, at: probe).now, before.start != now?.start,
                  let stop = before.stop, stop <= time, time - stop < bufferMargin else { break }
            if policy.restricts(item.ratingsHeldTo + before.ratings.compactMap(\.resolved)), !covered(state, item, programmeStart: before.start) {
                return (before, true)
            }
            probe = before.start - 0.001
        }
        return (now, false)
    }

    /// How many programmes ending within the margin `judged` looks back
    /// over (a guide of one-second programmes cannot make it walk far).
    static let tailLookBack = 8

    /// The programme a passcode given at `time` (nil: now by the wall
    /// clock) for a live `item` names: the one airing by the guide, also
    /// while a held one's end is still on screen, so that the viewer is
    /// not asked again when that end has passed (`judged` holds no end
    /// before a covered programme). Nil for what is not live.
    static func grantedProgrammeStart(_ state: ShellState, _ item: MediaItem, at time: Double? = nil) -> Double? {
        item.isLive ? state.nowNext(item, at: time ?? state.wallClock).now?.start : nil
    }

    /// When what `item`'s picture is judged by at `time` may change next:
    /// the end of the programme airing then, or of the held one's time on
    /// screen after its end. Nil when the guide does not know.
    static func judgementEnds(_ state: ShellState, _ item: MediaItem, at time: Double) -> Double? {
        let (programme, tail) = judged(state, item, at: time)
        guard let stop = programme?.stop else { return nil }
        return tail ? stop + bufferMargin : stop
    }
}

extension RestrictionReducer {
    /// A channel's prompt whose programme has ended (its end on the picture
    /// passed too), what airs now allowed: the prompt lifts and the channel
    /// plays, as a set-top box's lock screen goes with the locked event.
    /// Nothing was granted (the next programme held back asks again). Asked
    /// at each look at the wall clock (every half minute, each key, and
    /// when that end comes: `promptLiftTimer`); a prompt checking a code
    /// is left to its answer.
    static func promptOutlived(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard let (index, item) = channelPrompt(state),
              judged(state, item, at: state.wallClock).programme != nil, !stopsNow(state, index) else { return [] }
        return [.cancelTimer(.promptLift)] + PasscodeReducer.playPrompted(&state, index: index, now: now)
    }

    /// While a channel's prompt is up, a timer for the moment what it asks
    /// for ends on the picture (`judgementEnds`), when the guide knows it:
    /// the prompt is then looked at again (`promptOutlived`) at that
    /// moment, not at the next half-minute look at the clock. Re-armed at
    /// each look (the next programme held back too); while a code is
    /// checked, by its answer.
    static func promptLiftTimer(_ state: ShellState) -> [Effect] {
        guard let (_, item) = channelPrompt(state),
              let end = judgementEnds(state, item, at: state.wallClock), end > state.wallClock else { return [] }
        return [.startTimer(.promptLift, after: end - state.wallClock + 0.5)]
    }

    /// The live channel a prompt up asks to play (`.play`), not checking a
    /// code, with the wall clock known; nil otherwise.
    private static func channelPrompt(_ state: ShellState) -> (index: Int, item: MediaItem)? {
        guard let prompt = state.prompt, case .play(let index) = prompt.purpose, prompt.checking == nil, state.wallClock > 0,
              let item = state.items[safe: index], item.id == prompt.item.id, item.isLive else { return nil }
        return (index, item)
    }
}
