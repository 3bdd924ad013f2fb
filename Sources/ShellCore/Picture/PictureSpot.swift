
/// Where the picture in picture was last drawn, as the screen below it
/// allowed (`PictureLayout.placement`): the runtime reports it after each
/// frame whose spot changed (`Action.pictureDrawn`), so `m` moves the
/// picture somewhere it visibly goes and IPC says where it is.
public struct PictureSpot: Equatable, Sendable {
    /// The corner it is nearest; nil when no place was free and it hides
    /// behind the panel (a marker says so).
    public var corner: PictureCorner?
    /// The corners `m` can move it to, clockwise from where it is: each
    /// draws it somewhere else, clear of every panel.
    public var moves: [PictureCorner]

    public init(corner: PictureCorner?, moves: [PictureCorner]) {
        self.corner = corner
        self.moves = moves
    }
}
