/// The second pictures: picture in picture and the guide's preview.
public struct PictureState: Equatable, Sendable {
    /// The picture in picture, while one is up.
    public var pip: PictureInPicture?
    /// The guide's preview, while the selection rests on a live channel.
    public var preview: PreviewState?

    public init() {}
}
