/// What the terminal can draw beyond colours, as it answered the probe
/// (`TerminalProbe`). Pure value; parsed by `init(answers:environment:)`.
public struct TerminalCapabilities: Equatable, Sendable {
    /// The kitty graphics protocol answered our query with OK.
    public var kittyGraphics = false
    /// The kitty terminal read our object in shared memory: it runs on this
    /// machine, and frames can go that way (`KittySharedMemory`).
    public var kittySharedMemory = false
    /// Primary device attributes (DA1) list 4: sixel graphics.
    public var sixel = false
    /// The terminal's name and version (XTVERSION), when it said.
    public var version: String?
    /// Pixels a cell covers (CSI 16 t answer), when it said.
    public var cellPixels: (width: Int, height: Int)?
    /// Inside tmux (`$TMUX`): tmux answers DA1 itself and swallows the kitty
    /// query, so what we learn is tmux's, which is what we draw to.
    public var tmux = false
    /// The terminal answered DA1 (every terminal does; without it, the
    /// answers are incomplete and nothing beyond cells is used).
    public var answered = false

    public init() {}

    public static func == (a: TerminalCapabilities, b: TerminalCapabilities) -> Bool {
        a.kittyGraphics == b.kittyGraphics && a.kittySharedMemory == b.kittySharedMemory && a.sixel == b.sixel && a.version == b.version && a.tmux == b.tmux
            && a.answered == b.answered && a.cellPixels?.width == b.cellPixels?.width && a.cellPixels?.height == b.cellPixels?.height
    }

    /// Reads the terminal's answers to `TerminalProbe.query` (in any order,
    /// with anything else the terminal sent mixed in).
    public init(answers: [UInt8], environment: [String: String]) {
        tmux = environment["TMUX"].map { !$0.isEmpty } ?? false
        for reply in TerminalReply.split(answers) {
            switch reply {
            case .deviceAttributes(let params):
                answered = true
                sixel = params.dropFirst().contains(4)
            case .kittyGraphics(let id, let message):
                if id == TerminalProbe.kittyQueryID && message == "OK" { kittyGraphics = true }
                if id == TerminalProbe.kittySharedMemoryQueryID && message == "OK" { kittySharedMemory = true }
            case .version(let text):
                version = text
            case .cellSize(let height, let width):
                if width > 0 && height > 0 { cellPixels = (width, height) }
            }
        }
        if tmux { kittyGraphics = false }
        if !kittyGraphics { kittySharedMemory = false }
    }

    /// The picture protocol to use for `choice`, falling back to cells when
    /// the terminal lacks the one asked for.
    public func graphics(for choice: GraphicsChoice) -> GraphicsChoice {
        switch choice {
        case .cells: .cells
        case .kitty: kittyGraphics ? .kitty : .cells
        case .sixel: sixel ? .sixel : .cells
        case .auto: kittyGraphics ? .kitty : sixel ? .sixel : .cells
        }
    }
}
