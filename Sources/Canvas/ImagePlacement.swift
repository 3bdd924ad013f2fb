/// Where an image goes on the screen: a rectangle of cells that an output
/// drawing images itself (the TV's OSD) fills with the image named `key`
/// (a channel logo's location). The cells under it hold the views' drawing
/// of the image in cells, which every other output shows.
public struct ImagePlacement: Equatable, Sendable {
    public var key: String
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(key: String, x: Int, y: Int, width: Int, height: Int) {
        self.key = key
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether the cell at (`column`, `row`) is under the image.
    public func covers(column: Int, row: Int) -> Bool {
        column >= x && column < x + width && row >= y && row < y + height
    }
}
