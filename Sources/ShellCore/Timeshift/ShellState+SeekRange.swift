extension ShellState {
    /// Where the scrub head may go: the whole item on VOD, the back buffer
    /// up to the live edge on live with timeshift — but for the programmes
    /// in it that the restrictions hold back (`allowedSpan`);
    /// nil where nothing can be sought (live without a buffer, nothing
    /// known yet).
    public var seekRange: ClosedRange<Double>? {
        if isLive {
            guard let buffer = playback.liveBuffer, buffer.edge > buffer.start else { return nil }
            guard let allowed = RestrictionReducer.allowedSpan(self, buffer) else { return buffer.start...buffer.edge }
            return allowed.lowerBound < allowed.upperBound ? allowed : nil
        }
        guard let duration = playback.duration else { return nil }
        return 0...max(0, duration)
    }

    /// Seconds behind the live edge (`get_state.behind_live`): nil on VOD, 0
    /// on live at the edge or without timeshift.
    public var behindLive: Double? { TimeshiftReducer.behindLive(self) }
}
