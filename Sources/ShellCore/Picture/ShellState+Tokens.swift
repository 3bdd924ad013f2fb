import MediaModel

extension ShellState {
    /// A load token no player report can carry yet: above every token in use
    /// (full screen, picture, preview) and every one retired. Reports are
    /// routed to the player they belong to by token alone.
    public func newToken() -> Int {
        max(playback.token, pip?.playback.token ?? 0, preview?.playback.token ?? 0, proposalImage?.token ?? 0,
            warm.values.map(\.playback.token).max() ?? 0, retiredToken) + 1
    }

    /// A load that nothing shows any more: its token is never handed out again.
    mutating func retire(_ token: Int) {
        retiredToken = max(retiredToken, token)
    }

    /// The player slot whose current load has `token`.
    public func slot(forToken token: Int) -> PlayerSlot? {
        if token == playback.token { return .main }
        if let pip, token == pip.playback.token { return .picture }
        if let preview, preview.playback.phase != .idle, token == preview.playback.token { return .preview }
        if let proposalImage, token == proposalImage.token { return .preview }
        return warm.first { $0.value.playback.token == token }?.key
    }

    /// What the player in `slot` shows: the full-screen playback, the
    /// picture's, the guide's preview or the Up Next card's image.
    public func playback(in slot: PlayerSlot) -> PlaybackState? {
        switch slot {
        case .main: playback
        case .picture: pip?.playback
        case .preview: preview?.playback ?? proposalImage
        case .warmA, .warmB: warm[slot]?.playback
        }
    }

    /// The item playing in the picture.
    public var pictureItem: MediaItem? {
        guard let pip, items.indices.contains(pip.index) else { return nil }
        return items[pip.index]
    }
}
