/// A film kept as a disc's contents rather than as a file: a DVD's or a
/// Blu-ray's folder (`VIDEO_TS`, `BDMV`) or image (`.iso`), as people rip
/// the discs they own. libmpv plays it through the disc's navigation
/// (libdvdnav, libbluray): its longest title, as a disc player starts the
/// film, without the disc's menus.
public enum DiscFormat: String, Sendable, Hashable, CaseIterable {
    case dvd
    case bluray

    /// What a viewer calls it ("DVD", "Blu-ray").
    public var name: String {
        switch self {
        case .dvd: "DVD"
        case .bluray: "Blu-ray"
        }
    }
}
