/// Facts about the output the views need beyond the state.
public struct ViewContext: Equatable, Sendable {
    /// The picture is drawn in the terminal's cells (video mode "terminal").
    public var videoInTerminal: Bool
    public init(videoInTerminal: Bool) { self.videoInTerminal = videoInTerminal }
}
