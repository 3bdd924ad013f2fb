/// The stored guide as the guide screen tells it: when it was last
/// refreshed, whether a refresh is running, and the last refresh's problem.
public struct GuideStatus: Equatable, Sendable {
    /// Seconds since 1970; nil before the first refresh ends.
    public var refreshed: Double?
    public var refreshing: Bool
    public var problem: String?

    public init(refreshed: Double? = nil, refreshing: Bool = false, problem: String? = nil) {
        self.refreshed = refreshed
        self.refreshing = refreshing
        self.problem = problem
    }
}
