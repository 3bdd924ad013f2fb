import MediaModel

extension ShellState {
    /// A load token no player report can carry yet: above every token in use
    /// (full screen, picture, preview) and every one retired. Reports are
    /// routed to the player they belong to by token alone.
    public func newToken() -> Int {
        max(playback.token, picture.pip?.playback.token ?? 0, picture.preview?.playback.token ?? 0, upNext.proposalImage?.token ?? 0,
            warm.players.values.map(\.playback.token).max() ?? 0, multiview?.views.map(\.playback.token).max() ?? 0, retiredToken) + 1
    }

    /// A load that nothing shows any more: its token is never handed out again.
    mutating func retire(_ token: Int) {
        retiredToken = max(retiredToken, token)
    }

    /// The player slot whose current load has `token`.
    public func slot(forToken token: Int) -> PlayerSlot? {
        if token == playback.token { return .main }
        if let pip = picture.pip, token == pip.playback.token { return .picture }
        if let preview = picture.preview, preview.playback.phase != .idle, token == preview.playback.token { return .preview }
        if let proposalImage = upNext.proposalImage, token == proposalImage.token { return .preview }
        if let view = multiview?.views.firstIndex(where: { $0.playback.token == token && $0.playback.phase != .idle }) { return PlayerSlot.views[view] }
        return warm.players.first { $0.value.playback.token == token }?.key
    }

    /// What the player in `slot` shows: the full-screen playback, the
    /// picture's, the guide's preview or the Up Next card's image.
    public func playback(in slot: PlayerSlot) -> PlaybackState? {
        switch slot {
        case .main: playback
        case .picture: picture.pip?.playback
        case .preview: picture.preview?.playback ?? upNext.proposalImage
        case .warmA, .warmB, .warmC: warm.players[slot]?.playback
        case .view0, .view1, .view2, .view3: multiview.flatMap { views in
            PlayerSlot.views.firstIndex(of: slot).flatMap { views.views.indices.contains($0) ? views.views[$0].playback : nil }
        }
        }
    }

    /// The item playing in the picture.
    public var pictureItem: MediaItem? {
        guard let pip = picture.pip, items.indices.contains(pip.index) else { return nil }
        return items[pip.index]
    }
}
