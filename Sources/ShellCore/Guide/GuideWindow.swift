/// The span of time the shell holds programmes for, when its guide comes
/// from the store: the grid asks for another window when it is browsed
/// beyond this one (`Effect.loadGuideWindow`).
public struct GuideWindow: Equatable, Sendable {
    /// Seconds since 1970.
    public var from: Double
    public var to: Double

    public init(from: Double, to: Double) {
        self.from = from
        self.to = to
    }

    /// The window loaded around `time`: a day either side.
    public static func around(_ time: Double) -> GuideWindow { GuideWindow(from: time - 86400, to: time + 86400) }

    public func contains(from: Double, to: Double) -> Bool { self.from <= from && to <= self.to }
}
