import MediaModel

extension ShellState {
    /// The streams open now that count against `ShellSettings.maxConnections`,
    /// besides the warm neighbours (which give way to everything else): the
    /// full-screen player while it has something loaded, the picture, the
    /// guide's picture.preview and the Up Next card's image (both in the picture.preview
    /// player, so one of them at most), and each recording being written.
    public var openStreams: Int {
        recordings.activeCount + (playback.phase == .idle ? 0 : 1) + (picture.pip == nil ? 0 : 1)
            + ((picture.preview?.playback.token ?? 0) != 0 || upNext.proposalImage != nil ? 1 : 0)
    }

    /// Why one more stream may not open beside the `open` ones: the cap's
    /// sentence, or nil when there is room (or no cap).
    func connectionLimit(open: Int) -> String? {
        guard let cap = settings.maxConnections, open >= cap else { return nil }
        return "\(cap) stream\(cap == 1 ? "" : "s") at most ([live] max_connections)"
    }
}
