/// When the TV's screens overlay is made afresh on mpv's OSD. mpv gives each
/// `osd-overlay` a libass renderer of its own, whose caches keep the bitmaps
/// of every text drawn until libass's own limits (some 190 MiB in libass
/// 0.17); the overlay's removal frees them. About 4 KB stay for each event
/// line sent that the frame before did not have (measured with mpv 0.35 and
/// libass 0.17 at 1280×720): a clock, a position, every new title or list.
/// After `lines` such lines the overlay is made anew under the other id
/// (1 or 2; the new one goes on before the old comes off, so no frame shows
/// the picture without the screens; some 10–20 ms of mpv's core), at the
/// next frame that changes most of its lines (a new screen, where the first
/// frame drawn costing more is not seen), or at the latest after twice as
/// many. Value type; owned by the presenter on the run loop's thread.
struct OSDRenewal {
    /// New lines after which the overlay is made afresh (about 8 MiB of
    /// libass's caches).
    static let lines = 2000
    /// New lines since the overlay was made.
    private(set) var newLines = 0
    /// Times it was made afresh (`get_state.tv.osd_renewals`).
    private(set) var renewals = 0
    /// The `osd-overlay` ids the screens are shown under, in turn.
    static let ids = [1, 2]
    /// The one they are shown under now.
    private(set) var id = ids[0]
    /// The lines of the frame shown last.
    private var shown: Set<Substring> = []

    /// Takes the events of the frame about to be shown; true when they are
    /// to go on a new overlay (`id`, changed), and the old one to come off.
    mutating func next(_ events: String) -> Bool {
        let lines = Set(events.split(separator: "\n"))
        let new = lines.subtracting(shown).count
        shown = lines
        newLines += new
        guard newLines > Self.lines, new * 2 > lines.count || newLines > Self.lines * 2 else { return false }
        newLines = lines.count
        renewals += 1
        id = id == Self.ids[0] ? Self.ids[1] : Self.ids[0]
        return true
    }

    /// The overlay was taken away (no screens to show, or its player left
    /// the main slot): the next one is made anew.
    mutating func removed() {
        newLines = 0
        shown = []
    }
}
