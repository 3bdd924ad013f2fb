/// The colours of each cell of a line captured from tmux with its escapes
/// (`TmuxSession.capture(escapes: true)`), for checking what a region of
/// the screen shows. Single-width characters only (the blitter's blocks,
/// ASCII), which is what video and the cards are drawn with.
struct CellColours {
    struct Colour: Equatable {
        let red: Int, green: Int, blue: Int
    }

    /// Foreground and background (nil: the terminal's default) per column.
    private(set) var cells: [(foreground: Colour?, background: Colour?)] = []

    init(_ line: Substring) {
        var foreground: Colour?, background: Colour?
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "\u{1B}", line[line.index(after: index)...].hasPrefix("["),
               let end = line[index...].firstIndex(where: { $0.isLetter }) {
                if line[end] == "m" {
                    let parameters = line[line.index(index, offsetBy: 2)..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    var i = 0
                    while i < parameters.count {
                        switch parameters[i] {
                        case 0: foreground = nil; background = nil
                        case 39: foreground = nil
                        case 49: background = nil
                        case 38, 48:
                            guard i + 4 < parameters.count, parameters[i + 1] == 2 else { break }
                            let colour = Colour(red: parameters[i + 2], green: parameters[i + 3], blue: parameters[i + 4])
                            if parameters[i] == 38 { foreground = colour } else { background = colour }
                            i += 4
                        default: break
                        }
                        i += 1
                    }
                }
                index = line.index(after: end)
                continue
            }
            cells.append((foreground, background))
            index = line.index(after: index)
        }
    }

    /// How many cells were read.
    var count: Int { cells.count }

    /// Whether the cells in `columns` all show mostly `test`'s colour, in
    /// the foreground (the upper half block) or the background.
    func all(_ columns: Range<Int>, _ test: (Colour) -> Bool) -> Bool {
        columns.allSatisfy { column in
            guard cells.indices.contains(column) else { return false }
            return cells[column].foreground.map(test) == true || cells[column].background.map(test) == true
        }
    }
}
