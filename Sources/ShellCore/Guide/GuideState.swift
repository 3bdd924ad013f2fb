import MediaModel

/// The programme guide and what the viewer keeps in it: the programmes (or
/// the stored guide's window of them), the grid and search while up,
/// reminders, favourites, channel logos.
public struct GuideState: Equatable, Sendable {
    /// The programmes (empty without a guide).
    public var programmes: ProgrammeGuide
    /// The stored guide's refresh, when the guide comes from the store.
    public var status: GuideStatus?
    /// The span `programmes` holds, when it comes from the store (nil: all of it).
    public var window: GuideWindow?
    /// The time a window was asked for around and has not come yet.
    public var windowWanted: Double?
    /// The grid, while the guide screen shows it (nil: the list).
    public var grid: GuideGrid?
    /// The guide was opened over what played, which went on in the picture
    /// in picture: ESC brings it back full screen (not reloaded). Cleared
    /// whenever the guide is left.
    public var backToPicture = false
    /// The guide was opened over what played and the picture could not
    /// carry it (`[pip] automatic = false`, or no room): it stopped, and ESC
    /// plays this item again rather than going home. Cleared whenever the
    /// guide is left.
    public var backToChannel: Int?
    /// The search line, while it is up.
    public var search: GuideSearch?
    /// Reminders set, soonest first (from the library).
    public var reminders: [Reminder] = []
    /// The reminders whose notice is up, soonest first: every one due at
    /// that moment ("2 programmes start at 21:00"), none lost.
    public var remindersDue: [Reminder] = []
    /// The one of them ENTER tunes to.
    public var reminderFocus = 0
    /// The focused reminder of the notice; set to one (or nil) it is the
    /// only one up.
    public var reminderDue: Reminder? {
        get { remindersDue.indices.contains(reminderFocus) ? remindersDue[reminderFocus] : nil }
        set {
            remindersDue = newValue.map { [$0] } ?? []
            reminderFocus = 0
        }
    }
    /// Favourite channels, by `MediaItem.channelKey` (from the library).
    public var favourites: Set<String> = []
    /// Channel logos loaded so far, by URL.
    public var logos: [String: LogoImage] = [:]

    public init(programmes: ProgrammeGuide = .empty) {
        self.programmes = programmes
    }
}
