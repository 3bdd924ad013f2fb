/// What is in front: the screen and its payload, and the home list's row.
/// Navigation owns `destination`: it is written here only, through
/// `NavigationReducer`, which every other feature asks (see ARCHITECTURE.md,
/// "Who writes what").
public struct NavigationState: Equatable, Sendable {
    /// What is in front, with its payload.
    public var destination: Destination = .home
    /// Selected row of the home screen (and the guide's list): an index in
    /// `ShellState.items`.
    public var homeSelection = 0
    /// The selection is the item's row under Continue Watching (an item
    /// there is also in its own group's rows further down).
    public var homeInContinue = false
    /// The selected item's card is up over the home screen or the guide's
    /// list (`i`): what it is, what is on, its description.
    public var homeInfo = false

    public init() {}
}
