import MediaModel

/// A disc's folder or image (`MediaItem.disc`) as libmpv opens it: the
/// disc's navigation (`dvd://`, `bd://`: libdvdnav, libbluray) with the
/// folder or image as its device, which plays the disc's longest title —
/// the film, without the menus — with its chapters, audio and subtitle
/// tracks. Pure; any thread.
enum DiscLoad {
    /// What libmpv opens for `item`: its disc's navigation, else `url`
    /// as it is.
    static func url(for item: MediaItem) -> String? {
        switch item.disc {
        case .dvd?: "dvd://"
        case .bluray?: "bd://"
        case nil: nil
        }
    }

    /// The per-file options naming the disc's device (none for anything
    /// but a disc).
    static func options(for item: MediaItem) -> [String: String] {
        switch item.disc {
        case .dvd?: ["dvd-device": item.url]
        case .bluray?: ["bluray-device": item.url]
        case nil: [:]
        }
    }
}
