import MediaModel
/// Segments of what plays: "Skip Intro" and its kin, automatic skips, ad
/// breaks, "what did they say".
public struct SegmentsState: Equatable, Sendable {
    /// "Skip Intro" and its kin, while playback is inside such a segment.
    public var contextualAction: ContextualAction?
    /// The last skip made by itself, while LEFT can undo it.
    public var automaticSkip: AutomaticSkip?
    /// A segment whose skip LEFT undid: not skipped by itself again in this load.
    public var declinedSkip: Segment?
    /// The ad break playing now (`in_interstitial`).
    public var activeBreak: Segment?
    /// Where a seek over an unwatched break goes once the break is over.
    public var pendingTarget: Double?
    /// Ad breaks played to their end this session, by item id (their starts).
    public var watchedBreaks: [String: Set<Double>] = [:]
    /// "What did they say" replaying, with the subtitles to put back.
    public var whatDidTheySay: WhatDidTheySay?

    public init() {}

    /// Forgets what belonged to the load before (a new load begins); the
    /// breaks watched stay for the session.
    mutating func newLoad() {
        let watched = watchedBreaks
        self = SegmentsState()
        watchedBreaks = watched
    }
}
