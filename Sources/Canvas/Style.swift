/// How a cell is drawn. `nil` colours mean the terminal's default.
public struct Style: Equatable, Hashable, Sendable {
    public var foreground: RGB?
    public var background: RGB?
    public var bold = false
    public var dim = false
    public var reverse = false

    public init(foreground: RGB? = nil, background: RGB? = nil, bold: Bool = false, dim: Bool = false, reverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
    }

    public static let plain = Style()

    public func with(foreground: RGB?) -> Style { var s = self; s.foreground = foreground; return s }
    public func with(background: RGB?) -> Style { var s = self; s.background = background; return s }
    public func bolded() -> Style { var s = self; s.bold = true; return s }
}
