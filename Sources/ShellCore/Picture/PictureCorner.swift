/// Where the picture in picture sits (`get_state.pip.corner`); `m` moves it
/// on clockwise.
public enum PictureCorner: String, Equatable, Sendable, CaseIterable {
    case topRight = "top-right"
    case bottomRight = "bottom-right"
    case bottomLeft = "bottom-left"
    case topLeft = "top-left"

    /// The next corner, clockwise.
    public var next: PictureCorner {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    public var isTop: Bool { self == .topRight || self == .topLeft }
    public var isRight: Bool { self == .topRight || self == .bottomRight }

    /// The corner on the same side, at the other edge (top ↔ bottom).
    public var vertical: PictureCorner {
        switch self {
        case .topRight: .bottomRight
        case .bottomRight: .topRight
        case .bottomLeft: .topLeft
        case .topLeft: .bottomLeft
        }
    }

    /// The corner at the same edge, on the other side (left ↔ right).
    public var horizontal: PictureCorner {
        switch self {
        case .topRight: .topLeft
        case .bottomRight: .bottomLeft
        case .bottomLeft: .bottomRight
        case .topLeft: .topRight
        }
    }
}
