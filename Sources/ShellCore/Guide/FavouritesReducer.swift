/// `favourite` (`f`, KEY_FAVORITES): marks the focused channel (the grid's,
/// the list's selection) or, on the player, the playing one; pressed again,
/// unmarks it. The change is kept by the library (`Effect.saveFavourite`).
/// Pure.
enum FavouritesReducer {
    static func toggle(_ state: inout ShellState) -> [Effect] {
        let index: Int? = switch state.screen {
        case .home, .guide: state.guide.grid?.channel ?? state.navigation.homeSelection
        case .player, .error: state.current
        case .interstitial, .passcode: nil
        }
        guard let index, state.items.indices.contains(index), state.items[index].isLive else { return [] }
        let item = state.items[index]
        let on = !state.isFavourite(index)
        if on { state.guide.favourites.insert(item.channelKey) } else { state.guide.favourites.remove(item.channelKey) }
        state.chrome.notice = on ? "\(item.title) is a favourite" : "\(item.title) is no longer a favourite"
        return [.saveFavourite(key: item.channelKey, name: item.title, on: on),
                .startTimer(.noticeHide, after: state.settings.noticeDelay)]
    }
}
