import MediaModel

/// Parses extended M3U lineups as found in the wild: a BOM, CRLF or CR line
/// ends, indented lines, missing or unterminated quotes, commas in names,
/// `#EXTGRP`, `#EXTVLCOPT`, `#KODIPROP`, Kodi's `URL|Header=…` and junk lines.
/// A broken entry is reported with its line number and skipped. Pure.
public enum M3UParser {
    public static func parse(_ text: String) -> Lineup {
        var lineup = Lineup()
        var pending: Pending?
        var usedNumbers = Set<Int>()
        var unnumbered: [Int] = []
        let lines = splitLines(text)
        var sawContent = false
        var channelKeys: [AlternateKey: Int] = [:]
        var problems = ProblemList()
        channelKeys.reserveCapacity(lines.count / 2)
        lineup.channels.reserveCapacity(lines.count / 2)

        for (offset, raw) in lines.enumerated() {
            let number = offset + 1
            var line = raw.trimmingWhitespace()
            if offset == 0, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
            if line.isEmpty { continue }
            if !sawContent {
                sawContent = true
                if line.uppercased().hasPrefix("#EXTM3U") {
                    lineup.hasHeader = true
                    let attributes = parseAttributes(String(line.dropFirst(7))).attributes
                    lineup.headerAttributes = attributes
                    for key in ["url-tvg", "x-tvg-url", "tvg-url"] {
                        if let value = attributes[key] {
                            lineup.guideURLs += value.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
                        }
                    }
                    continue
                }
                problems.append(CatalogProblem(line: number, message: "expected the #EXTM3U header, found \(quoted(line))"))
            }
            if line.hasPrefix("#") {
                if hasTag(line, Tag.extinf) {
                    if let previous = pending {
                        problems.append(CatalogProblem(line: previous.line, message: "#EXTINF for \(quoted(previous.name)) has no URL; skipped"))
                    }
                    pending = parseExtinf(line, line: number, problems: &problems)
                } else if hasTag(line, Tag.extgrp) {
                    let group = String(line.dropFirst(8)).trimmingWhitespace()
                    if pending != nil, pending?.group == nil, !group.isEmpty { pending?.group = group }
                } else if hasTag(line, Tag.extvlcopt) {
                    let option = String(line.dropFirst(11))
                    if let eq = option.firstIndex(of: "=") {
                        let key = option[..<eq].lowercased().trimmingWhitespace()
                        let value = unquote(String(option[option.index(after: eq)...]).trimmingWhitespace())
                        switch key {
                        case "http-user-agent": pending?.headers["User-Agent"] = value
                        case "http-referrer", "http-referer": pending?.headers["Referer"] = value
                        default: break
                        }
                    }
                }
                continue
            }
            guard looksLikeLocation(line) else {
                problems.append(CatalogProblem(line: number, message: "expected a stream URL, found \(quoted(line)); skipped"))
                continue
            }
            var entry = pending ?? Pending(line: number, name: "", attributes: [:])
            pending = nil
            var url = line
            if let bar = line.utf8.firstIndex(of: 0x7C), hasScheme(line.utf8[..<bar]) {
                url = String(line[..<bar])
                for pair in line[line.index(after: bar)...].split(separator: "&") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    if parts.count == 2 { entry.headers[headerName(String(parts[0]))] = String(parts[1]) }
                }
            }
            let named = !entry.name.isEmpty || !(entry.attributes["tvg-name"] ?? "").isEmpty
            if entry.name.isEmpty {
                entry.name = entry.attributes["tvg-name"].flatMap { $0.isEmpty ? nil : $0 } ?? lastComponent(of: url)
            }
            let channelNumber = entry.attributes["tvg-chno"].flatMap { Int($0.trimmingWhitespace()) }
            let index = lineup.channels.count
            var channel = LineupChannel(
                number: 0, id: entry.attributes["tvg-id"].flatMap { $0.isEmpty ? nil : $0 }, name: entry.name,
                group: entry.attributes["group-title"].flatMap { $0.isEmpty ? nil : $0 } ?? entry.group,
                logo: entry.attributes["tvg-logo"].flatMap { $0.isEmpty ? nil : $0 },
                rating: ["tvg-rating", "rating", "parental-rating", "content-rating"].lazy.compactMap { entry.attributes[$0] }.first,
                url: url, headers: entry.headers, attributes: entry.attributes, line: entry.line)
            let key = AlternateKey(channel, named: named)
            if let first = channelKeys[key] {
                lineup.channels[first].alternates.append(StreamAlternate(url: url, headers: entry.headers, line: entry.line))
                continue
            }
            channelKeys[key] = index
            switch CatchupAttributes.resolve(entry.attributes, header: lineup.headerAttributes, url: url) {
            case .success(let catchup): channel.catchup = catchup
            case .failure(let problem): problems.append(CatalogProblem(line: entry.line, message: problem.message + "; no catch-up for \(quoted(entry.name))"))
            }
            if let channelNumber, channelNumber > 0, !usedNumbers.contains(channelNumber) {
                channel.number = channelNumber
                usedNumbers.insert(channelNumber)
            } else {
                if let channelNumber {
                    problems.append(CatalogProblem(line: entry.line, message: "channel number \(channelNumber) is taken or invalid; renumbered"))
                }
                unnumbered.append(index)
            }
            lineup.channels.append(channel)
        }
        if let previous = pending {
            problems.append(CatalogProblem(line: previous.line, message: "#EXTINF for \(quoted(previous.name)) has no URL; skipped"))
        }
        let numberedInFile = !usedNumbers.isEmpty
        var next = 1
        for index in unnumbered {
            while usedNumbers.contains(next) { next += 1 }
            lineup.channels[index].number = next
            usedNumbers.insert(next)
        }
        if numberedInFile { lineup.channels.sort { $0.number < $1.number } }
        if !sawContent { problems.append(CatalogProblem(line: 0, message: "the file is empty")) }
        lineup.problems = problems.all
        return lineup
    }

    /// What makes two entries one channel: the same `tvg-id`, or without
    /// one the same name and group (case and spacing aside). A name made
    /// from the URL ("index.m3u8") makes no match.
    private enum AlternateKey: Hashable {
        case id(String)
        case name(String, group: String)
        case line(Int)

        init(_ channel: LineupChannel, named: Bool) {
            if let id = channel.id?.trimmingWhitespace(), !id.isEmpty {
                self = .id(id)
            } else if named {
                self = .name(channel.name.trimmingWhitespace().lowercased(), group: channel.group?.trimmingWhitespace().lowercased() ?? "")
            } else {
                self = .line(channel.line)
            }
        }
    }

    private struct Pending {
        var line: Int
        var name: String
        var attributes: [String: String]
        var group: String?
        var headers: [String: String] = [:]
    }

    /// `#EXTINF:` payload (`line` from its 9th byte): duration, attributes,
    /// then the name after the first comma outside quotes.
    private static func parseExtinf(_ line: String, line number: Int, problems: inout ProblemList) -> Pending {
        var line = line
        let parsed = line.withUTF8 { bytes -> (attributes: [String: String], name: String?, unterminated: Bool) in
            var i = min(8, bytes.count)
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            while i < bytes.count, bytes[i] == 0x2D || bytes[i] == 0x2B || bytes[i] == 0x2E || (bytes[i] >= 0x30 && bytes[i] <= 0x39) { i += 1 }
            return parseAttributes(UnsafeBufferPointer(rebasing: bytes[i...]))
        }
        var name = parsed.name?.trimmingWhitespace() ?? ""
        if parsed.unterminated {
            problems.append(CatalogProblem(line: number, message: "unterminated quote in #EXTINF attributes"))
            if let comma = line.lastIndex(of: ",") { name = String(line[line.index(after: comma)...]).trimmingWhitespace() }
        } else if parsed.name == nil {
            problems.append(CatalogProblem(line: number, message: "#EXTINF has no comma before the channel name"))
        }
        return Pending(line: number, name: name, attributes: parsed.attributes)
    }

    /// Attributes `key="value"`, `key='value'` or `key=value` up to the first
    /// comma outside quotes; returns them (keys lower-cased), the text after
    /// that comma, and whether a quote was left open.
    static func parseAttributes(_ text: String) -> (attributes: [String: String], name: String?, unterminated: Bool) {
        var text = text
        return text.withUTF8 { parseAttributes($0) }
    }

    /// `parseAttributes` on the bytes of the text.
    private static func parseAttributes(_ bytes: UnsafeBufferPointer<UInt8>) -> (attributes: [String: String], name: String?, unterminated: Bool) {
        var attributes: [String: String] = [:]
        func str(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        func key(_ range: Range<Int>) -> String {
            let text = str(range)
            return bytes[range].contains(where: { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x80 }) ? text.lowercased() : text
        }
        let space: UInt8 = 0x20, tab: UInt8 = 0x09, comma: UInt8 = 0x2C, equals: UInt8 = 0x3D, double: UInt8 = 0x22, single: UInt8 = 0x27
        var i = 0
        let n = bytes.count
        while i < n {
            while i < n, bytes[i] == space || bytes[i] == tab { i += 1 }
            guard i < n else { break }
            if bytes[i] == comma { return (attributes, str((i + 1)..<n), false) }
            let keyStart = i
            while i < n, bytes[i] != equals, bytes[i] != space, bytes[i] != comma { i += 1 }
            let name = key(keyStart..<i)
            guard i < n, bytes[i] == equals else { continue }
            i += 1
            var value = ""
            if i < n, bytes[i] == double || bytes[i] == single {
                let quote = bytes[i]
                i += 1
                let start = i
                while i < n, bytes[i] != quote { i += 1 }
                if i >= n {
                    attributes[name] = str(start..<n)
                    return (attributes, nil, true)
                }
                value = str(start..<i)
                i += 1
            } else {
                let start = i
                while i < n, bytes[i] != space, bytes[i] != comma { i += 1 }
                value = str(start..<i)
            }
            if !name.isEmpty { attributes[name] = value }
        }
        return (attributes, nil, false)
    }

    /// Whether `text` is an HLS playlist (media or master) rather than a
    /// lineup: it has `#EXT-X-TARGETDURATION` or `#EXT-X-STREAM-INF`.
    /// Scans the bytes once (lineups run to megabytes).
    public static func isHLSPlaylist(_ text: String) -> Bool {
        let needles = [Array("#EXT-X-TARGETDURATION".utf8), Array("#EXT-X-STREAM-INF".utf8)]
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= 17 else { return false }
            for i in 0..<bytes.count where bytes[i] == 0x23 {
                for needle in needles where i + needle.count <= bytes.count {
                    if (1..<needle.count).allSatisfy({ bytes[i + $0] == needle[$0] }) { return true }
                }
            }
            return false
        }
    }

    /// Directive tags, upper-case, as bytes.
    private enum Tag {
        static let extinf = Array("#EXTINF:".utf8)
        static let extgrp = Array("#EXTGRP:".utf8)
        static let extvlcopt = Array("#EXTVLCOPT:".utf8)
    }

    /// Whether `line` starts with `tag`, case aside (ASCII), compared on bytes.
    private static func hasTag(_ line: String, _ tag: [UInt8]) -> Bool {
        var bytes = line.utf8.makeIterator()
        for expected in tag {
            guard let byte = bytes.next(), (byte >= 97 && byte <= 122 ? byte - 32 : byte) == expected else { return false }
        }
        return true
    }

    /// Whether `bytes` hold "://" (a URL's scheme separator), scanned as bytes.
    private static func hasScheme<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var run = 0
        for byte in bytes {
            switch (run, byte) {
            case (_, 0x3A): run = 1
            case (1, 0x2F): run = 2
            case (2, 0x2F): return true
            default: run = 0
            }
        }
        return false
    }

    /// A URL (`scheme://…`), an absolute path, or a relative path to a media file.
    private static func looksLikeLocation(_ line: String) -> Bool {
        if hasScheme(line.utf8) || line.utf8.first == 0x2F { return true }
        let lower = line.lowercased()
        let path = lower.split(separator: "?").first.map(String.init) ?? lower
        return !line.contains(" ") && [".m3u8", ".m3u", ".mp4", ".mkv", ".ts", ".mpd", ".mp3", ".aac", ".webm", ".mov", ".avi", ".flv"]
            .contains { path.hasSuffix($0) }
    }

    /// HTTP header names as players spell them, whatever case the file used.
    private static func headerName(_ name: String) -> String {
        switch name.lowercased() {
        case "user-agent": "User-Agent"
        case "referer", "referrer": "Referer"
        case "origin": "Origin"
        case "cookie": "Cookie"
        default: name
        }
    }

    /// Lines split at LF, CRLF or CR, on bytes (grapheme breaking over a
    /// whole file is slow).
    private static func splitLines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var i = start
        while i != utf8.endIndex {
            let byte = utf8[i]
            if byte == 10 || byte == 13 {
                lines.append(Substring(utf8[start..<i]))
                var next = utf8.index(after: i)
                if byte == 13, next != utf8.endIndex, utf8[next] == 10 { next = utf8.index(after: next) }
                i = next
                start = i
            } else {
                i = utf8.index(after: i)
            }
        }
        lines.append(Substring(utf8[start..<utf8.endIndex]))
        return lines
    }

    private static func lastComponent(of url: String) -> String {
        let path = url.split(separator: "?").first.map(String.init) ?? url
        return path.split(separator: "/").last.map(String.init) ?? url
    }

    private static func unquote(_ s: String) -> String {
        if s.count >= 2, let f = s.first, f == s.last, f == "\"" || f == "'" { return String(s.dropFirst().dropLast()) }
        return s
    }

    private static func quoted(_ s: String) -> String {
        let cut = s.count > 60 ? String(s.prefix(57)) + "…" : s
        return "“\(cut)”"
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        let whole = String(self)
        if let first = whole.utf8.first, let last = whole.utf8.last, first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80 { return whole }
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
