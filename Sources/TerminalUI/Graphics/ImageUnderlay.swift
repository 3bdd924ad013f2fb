/// The UI's panels as seen from under a kitty image: for each cell of the
/// screen, the background colour the terminal shows there, or `clear` where
/// the picture shows (video cells, and cells on the default background).
///
/// The kitty encoder paints these colours into the image itself. The
/// protocol puts an image placed under z −1 073 741 824 beneath every cell
/// with a background colour, but kitty 0.26 draws such cells over the image
/// almost transparently (kitty issue 6061): the transport bar's text then
/// sits on the picture. Painted in, a panel hides the picture whichever way
/// the terminal composes. Pure value; built by the render loop.
public struct ImageUnderlay: Equatable, Sendable {
    /// A cell the picture shows through.
    public static let clear: UInt32 = .max

    public let columns: Int
    public let rows: Int
    /// `rows` × `columns` colours, 0xRRGGBB or `clear`, row by row.
    public let colours: [UInt32]
    /// Per row: whether any of its cells is painted.
    let paintedRows: [Bool]

    public init(columns: Int, rows: Int, colours: [UInt32]) {
        precondition(colours.count == columns * rows, "one colour a cell")
        self.columns = columns
        self.rows = rows
        self.colours = colours
        paintedRows = (0..<rows).map { y in colours[(y * columns)..<((y + 1) * columns)].contains { $0 != Self.clear } }
    }

    /// Nothing painted: the picture shows everywhere.
    public var isClear: Bool { !paintedRows.contains(true) }
}
