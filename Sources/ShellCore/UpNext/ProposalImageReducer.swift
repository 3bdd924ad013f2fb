import MediaModel

/// The Up Next card's preview image (`ContentProposal.previewImage`): shown
/// by the `.preview` player, as a still, while the card is up on the player
/// screen (it is gone before the guide's preview can want that player). Never for a next item the restrictions
/// would stop: nothing of it is decoded before its passcode.
enum ProposalImageReducer {
    /// Run after every action: the image follows the card.
    static func reconcile(_ state: inout ShellState) -> [Effect] {
        let wanted = wantedImage(state)
        if let image = state.upNext.proposalImage {
            guard wanted == nil else { return [] }
            state.retire(image.token)
            state.upNext.proposalImage = nil
            return [.slot(.preview, .stop)]
        }
        guard let wanted else { return [] }
        var image = PlaybackState()
        image.token = state.newToken()
        image.phase = .loading
        state.upNext.proposalImage = image
        return [.slot(.preview, .mute(true)), .slot(.preview, .loadStill(url: wanted, token: image.token))]
    }

    /// The image the card should show now, if any.
    private static func wantedImage(_ state: ShellState) -> String? {
        guard state.screen == .player, state.settings.secondPictures, let card = state.upNext.card, card.phase == .presented, state.picture.preview == nil,
              let image = card.proposal.previewImage, !image.isEmpty else { return nil }
        let item = card.proposal.item
        let policy = state.restrictions.policy
        if policy.mode != .off, policy.restricts(RestrictionReducer.knownRatings(state, item)),
           !RestrictionReducer.covered(state, item, programmeStart: RestrictionReducer.programmeStart(state, item)) {
            return nil
        }
        return image
    }
}
