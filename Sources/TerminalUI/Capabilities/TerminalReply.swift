/// One answer a terminal sent to `TerminalProbe.query`. Pure.
enum TerminalReply: Equatable {
    /// `CSI ? Ps ; … c`: primary device attributes.
    case deviceAttributes([Int])
    /// `APC G i=ID ; MESSAGE ST`: a kitty graphics protocol response.
    case kittyGraphics(id: Int, message: String)
    /// `DCS > | TEXT ST`: XTVERSION.
    case version(String)
    /// `CSI 6 ; HEIGHT ; WIDTH t`: the cell size in pixels.
    case cellSize(height: Int, width: Int)

    /// The answers found in `bytes`; anything else (keys typed meanwhile,
    /// unknown replies) is skipped.
    static func split(_ bytes: [UInt8]) -> [TerminalReply] {
        var replies: [TerminalReply] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x1B, i + 1 < bytes.count else {
                i += 1
                continue
            }
            switch bytes[i + 1] {
            case 0x5B:
                var j = i + 2
                while j < bytes.count && !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                guard j < bytes.count else { return replies }
                let body = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
                if bytes[j] == 0x63, body.hasPrefix("?") {
                    replies.append(.deviceAttributes(body.dropFirst().split(separator: ";").compactMap { Int($0) }))
                } else if bytes[j] == 0x74 {
                    let fields = body.split(separator: ";").compactMap { Int($0) }
                    if fields.count == 3 && fields[0] == 6 { replies.append(.cellSize(height: fields[1], width: fields[2])) }
                }
                i = j + 1
            case 0x5F, 0x50:
                guard let end = stringTerminator(bytes, from: i + 2) else { return replies }
                let body = String(decoding: bytes[(i + 2)..<end], as: UTF8.self)
                if bytes[i + 1] == 0x5F, body.hasPrefix("G") {
                    let parts = body.dropFirst().split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
                    let keys = parts.first.map { $0.split(separator: ",") } ?? []
                    let id = keys.first { $0.hasPrefix("i=") }.flatMap { Int($0.dropFirst(2)) } ?? 0
                    replies.append(.kittyGraphics(id: id, message: parts.count > 1 ? String(parts[1]) : ""))
                } else if bytes[i + 1] == 0x50, body.hasPrefix(">|") {
                    replies.append(.version(String(body.dropFirst(2))))
                }
                i = end + 2
            default:
                i += 2
            }
        }
        return replies
    }

    /// The index of the ESC of the next ST (`ESC \`).
    private static func stringTerminator(_ bytes: [UInt8], from start: Int) -> Int? {
        var j = start
        while j + 1 < bytes.count {
            if bytes[j] == 0x1B && bytes[j + 1] == 0x5C { return j }
            j += 1
        }
        return nil
    }
}
