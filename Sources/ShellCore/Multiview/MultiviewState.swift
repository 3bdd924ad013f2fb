/// Several live channels at once, each its own player (`PlayerSlot.views`),
/// the sound with the focused one. Written by `MultiviewReducer` (the
/// views' playback also by the player reports, as the picture's).
public struct MultiviewState: Equatable, Sendable {
    public enum Layout: String, Equatable, Sendable, CaseIterable {
        /// Four equal views, two by two.
        case grid
        /// One large view on the left, three small ones on the right.
        case onePlusThree = "1+3"

        var next: Layout { self == .grid ? .onePlusThree : .grid }
    }

    /// One view: its channel (an index of `items`), what its player shows,
    /// and why it shows nothing (its channel is restricted: the rating; it
    /// could not open: why).
    public struct View: Equatable, Sendable {
        public var index: Int
        public var playback = PlaybackState()
        public var restricted: String?
        public var blocked: String?
        /// The passcode given for its channel in the view (ENTER on it
        /// restricted): the programme it covers, as the main player's grant.
        public var grant: RestrictionsState.Grant?

        public init(index: Int) {
            self.index = index
        }

        /// Its player has (or is loading) the channel.
        var opened: Bool { restricted == nil && blocked == nil }
    }

    public var layout = Layout.grid
    public var views: [View]
    /// The view with the sound, that ENTER makes full screen.
    public var focus = 0
    /// The channel highlighted in the picker row (an index of `items`).
    public var choice: Int
    /// The picker row has the keys (DOWN from the bottom views; UP leaves it).
    public var choosing = false
    /// In the picker row, the highlight is on its layout button, before
    /// the channels (ENTER there switches the layout: a remote's way to it).
    public var onLayout = false

    public init(views: [View]) {
        self.views = views
        choice = views.first?.index ?? 0
    }
}
