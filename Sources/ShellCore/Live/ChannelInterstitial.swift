/// An interstitial screen supplied by the delegate for a flip (the
/// counterpart of AVKit's `nextChannelInterstitialViewController`): what to
/// show while the channel loads. Lines are drawn centred, under the title.
public struct ChannelInterstitial: Equatable, Sendable {
    public var title: String
    public var subtitle: String?
    public var lines: [String]
    /// Whether to draw the spinner.
    public var showsSpinner: Bool

    public init(title: String, subtitle: String? = nil, lines: [String] = [], showsSpinner: Bool = true) {
        self.title = title
        self.subtitle = subtitle
        self.lines = lines
        self.showsSpinner = showsSpinner
    }
}
