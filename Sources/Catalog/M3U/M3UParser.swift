import Foundation
import MediaModel

/// Parses extended M3U lineups as found in the wild: a BOM, CRLF or CR line
/// ends, indented lines, missing or unterminated quotes, commas in names,
/// `#EXTGRP`, `#EXTVLCOPT`, `#KODIPROP`, Kodi's `URL|Header=…` and junk lines.
/// A broken entry is reported with its line number and skipped. Pure.
public enum M3UParser {
    public static func parse(_ text: String) -> Lineup {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// `parse` on a lineup's bytes as read, which must be UTF-8
    /// (`isUTF8`): no text of the whole is made (a provider's list of
    /// 100 MB was as much again as a `String`).
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Lineup {
        parse(bytes: bytes)
    }

    /// Whether `bytes` are UTF-8, checked a block of lines at a time (no
    /// character's bytes span a line's end), each block's copy let go.
    public static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start < bytes.count {
            var end = min(bytes.count, start + 1 << 20)
            if end < bytes.count, let base = bytes.baseAddress, let newline = memchr(base + end, 10, bytes.count - end) {
                end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
            } else {
                end = bytes.count
            }
            guard String(validating: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) != nil else { return false }
            start = end
        }
        return true
    }

    /// About how many entries `bytes` hold: half its lines (an `#EXTINF`
    /// and its URL), counted with `memchr`, so the lists are reserved near
    /// their size (a guess by bytes reserved 135 MB for 81 MB of channels).
    static func entryEstimate(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard var cursor = bytes.baseAddress else { return 0 }
        let end = cursor + bytes.count
        var lines = 1
        while cursor < end, let newline = memchr(cursor, 10, end - cursor) {
            lines += 1
            cursor = UnsafePointer(newline.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return lines / 2 + 1
    }

    /// `parse` on the bytes of the file, a line at a time: a line becomes a
    /// `String` only where it is kept or reported (lineups run to 50 000
    /// channels and are read at every start).
    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Lineup {
        var lineup = Lineup()
        var pending: Pending?
        var usedNumbers = Set<Int>()
        var unnumbered: [Int] = []
        var sawContent = false
        var headerCatchup = false
        var channelKeys: [AlternateKey: Int] = [:]
        var problems = ProblemList()
        var groups = Set<String>()
        let estimate = entryEstimate(bytes)
        channelKeys.reserveCapacity(estimate)
        usedNumbers.reserveCapacity(estimate)
        lineup.channels.reserveCapacity(estimate)

        var number = 0
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var atEnd = false
        while !atEnd {
            var end = start
            while end < bytes.count, bytes[end] != 10, bytes[end] != 13 { end += 1 }
            let next = end < bytes.count && bytes[end] == 13 && end + 1 < bytes.count && bytes[end + 1] == 10 ? end + 2 : end + 1
            atEnd = end >= bytes.count
            number += 1
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
            start = next
            withTrimmedLine(raw) { line in
                if line.isEmpty { return }
                if !sawContent {
                    sawContent = true
                    if hasTag(line, Tag.extm3u) {
                        lineup.hasHeader = true
                        let attributes = parseAttributes(UnsafeBufferPointer(rebasing: line[7...])).attributes
                        lineup.headerAttributes = attributes
                        headerCatchup = attributes.keys.contains(where: CatchupAttributes.triggers.contains)
                        for key in ["url-tvg", "x-tvg-url", "tvg-url"] {
                            if let value = attributes[key] {
                                lineup.guideURLs += value.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
                            }
                        }
                        return
                    }
                    problems.append(CatalogProblem(line: number, message: "expected the #EXTM3U header, found \(quoted(string(line)))"))
                }
                if line[0] == 0x23 {
                    if hasTag(line, Tag.extinf) {
                        if let previous = pending {
                            problems.append(CatalogProblem(line: previous.line, message: "#EXTINF for \(quoted(previous.name)) has no URL; skipped"))
                        }
                        pending = parseExtinf(line, line: number, problems: &problems)
                    } else if hasTag(line, Tag.extgrp) {
                        let group = string(UnsafeBufferPointer(rebasing: line[8...])).trimmingWhitespace()
                        if pending != nil, pending?.group == nil, !group.isEmpty { pending?.group = group }
                    } else if hasTag(line, Tag.extvlcopt) {
                        let option = string(UnsafeBufferPointer(rebasing: line[11...]))
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
                    return
                }
                guard looksLikeLocation(line) else {
                    problems.append(CatalogProblem(line: number, message: "expected a stream URL, found \(quoted(string(line))); skipped"))
                    return
                }
                var entry = pending ?? Pending(line: number, name: "", attributes: [:])
                pending = nil
                let url: String
                if let bar = line.firstIndex(of: 0x7C), hasScheme(line[..<bar]) {
                    url = string(UnsafeBufferPointer(rebasing: line[..<bar]))
                    for pair in string(UnsafeBufferPointer(rebasing: line[(bar + 1)...])).split(separator: "&") {
                        let parts = pair.split(separator: "=", maxSplits: 1)
                        if parts.count == 2 { entry.headers[headerName(String(parts[0]))] = String(parts[1]) }
                    }
                } else {
                    url = string(line)
                }
                add(entry, url: url, to: &lineup, headerCatchup: headerCatchup, keys: &channelKeys, numbers: &usedNumbers, unnumbered: &unnumbered,
                    groups: &groups, problems: &problems)
            }
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
        // By number, the films (`onDemand`: no number) after the channels in file order.
        func rank(_ channel: LineupChannel) -> Int { channel.onDemand ? Int.max : channel.number }
        if numberedInFile, !lineup.channels.indices.dropFirst().allSatisfy({ rank(lineup.channels[$0 - 1]) <= rank(lineup.channels[$0]) }) {
            lineup.channels = lineup.channels.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
        }
        if !sawContent { problems.append(CatalogProblem(line: 0, message: "the file is empty")) }
        lineup.problems = problems.all
        return lineup
    }

    /// The channel of `entry` streamed from `url`: a new channel, numbered
    /// by `tvg-chno` when that number is free, or another stream of one
    /// already there (`AlternateKey`). Its group is the one string of that
    /// name in `groups` (thousands of entries share a group).
    private static func add(
        _ entry: consuming Pending, url: String, to lineup: inout Lineup, headerCatchup: Bool, keys: inout [AlternateKey: Int], numbers: inout Set<Int>,
        unnumbered: inout [Int], groups: inout Set<String>, problems: inout ProblemList
    ) {
        var known = KnownAttributes()
        for (key, value) in entry.attributes { known.note(key, value) }
        let tvgName = known.tvgName.flatMap { $0.isEmpty ? nil : $0 }
        let named = !entry.name.isEmpty || tvgName != nil
        let name = entry.name.isEmpty ? tvgName ?? lastComponent(of: url) : entry.name
        let id = known.id.flatMap { $0.isEmpty ? nil : $0 }
        let group = (known.group.flatMap { $0.isEmpty ? nil : $0 } ?? entry.group).map { groups.insert($0).memberAfterInsert }
        // A film, not a channel: a file listed with no channel's attributes, or a URL listed with its length
        // (a NAS's or web server's playlist of films: a channel's length is -1).
        let onDemand = id == nil && known.number == nil && !known.catchup && !headerCatchup && (LineupChannel.isFileLocation(url) || entry.hasLength)
        let key = AlternateKey(id: id, name: name, group: group, line: entry.line, named: named && !onDemand)
        if let first = keys[key] {
            lineup.channels[first].alternates.append(StreamAlternate(url: url, headers: entry.headers, line: entry.line))
            return
        }
        let index = lineup.channels.count
        keys[key] = index
        var catchup: Catchup?
        if known.catchup || headerCatchup {
            switch CatchupAttributes.resolve(entry.attributes, header: lineup.headerAttributes, url: url) {
            case .success(let resolved): catchup = resolved
            case .failure(let problem): problems.append(CatalogProblem(line: entry.line, message: problem.message + "; no catch-up for \(quoted(name))"))
            }
        }
        var number = 0
        let channelNumber = known.number.flatMap { Int($0.trimmingWhitespace()) }
        if let channelNumber, channelNumber > 0, !numbers.contains(channelNumber) {
            number = channelNumber
            numbers.insert(channelNumber)
        } else if !onDemand {  // a film takes no number
            if let channelNumber {
                problems.append(CatalogProblem(line: entry.line, message: "channel number \(channelNumber) is taken or invalid; renumbered"))
            }
            unnumbered.append(index)
        }
        lineup.channels.append(LineupChannel(
            number: number, id: id, name: name, group: group, logo: known.logo.flatMap { $0.isEmpty ? nil : $0 }, rating: known.rating,
            url: url, headers: entry.headers, line: entry.line))
        if onDemand {
            lineup.channels[index].onDemand = true
            lineup.channels[index].nameFromLocation = !named
        }
        if let tvgName, tvgName != name { lineup.channels[index].tvgName = tvgName }
        lineup.channels[index].tvgShift = known.shift
        lineup.channels[index].thumbnails = known.thumbnails.flatMap { $0.isEmpty ? nil : $0 }
        if let catchup { lineup.channels[index].catchup = catchup }
    }

    /// Calls `body` with `raw` less the whitespace at its ends: ASCII
    /// whitespace on the bytes; a line that would still start or end with a
    /// non-ASCII byte is trimmed as a `String` (Unicode spaces).
    private static func withTrimmedLine(_ raw: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var lower = 0, upper = raw.count
        while lower < upper, raw[lower] == 0x20 || (raw[lower] >= 0x09 && raw[lower] <= 0x0D) { lower += 1 }
        while upper > lower, raw[upper - 1] == 0x20 || (raw[upper - 1] >= 0x09 && raw[upper - 1] <= 0x0D) { upper -= 1 }
        if lower < upper, raw[lower] >= 0x80 || raw[upper - 1] >= 0x80 {
            var trimmed = string(UnsafeBufferPointer(rebasing: raw[lower..<upper])).trimmingWhitespace()
            trimmed.withUTF8(body)
        } else {
            body(UnsafeBufferPointer(rebasing: raw[lower..<upper]))
        }
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The attributes a channel is made from, found in one pass over an
    /// entry's (a lookup each would hash every key again, 50 000 times).
    private struct KnownAttributes {
        var id: String?
        var number: String?
        var logo: String?
        var group: String?
        var tvgName: String?
        var shift: String?
        /// `tvg-thumbnails`, else `thumbnails`.
        var thumbnails: String?
        private var thumbnailsRank = Int.max
        /// The first of `tvg-rating`, `rating`, `parental-rating`, `content-rating`.
        var rating: String?
        private var ratingRank = Int.max
        /// Whether a key that may give it an archive is there (`CatchupAttributes.triggers`).
        var catchup = false

        mutating func note(_ key: String, _ value: String) {
            switch key {
            case "tvg-id": id = value
            case "tvg-chno": number = value
            case "tvg-logo": logo = value
            case "group-title": group = value
            case "tvg-name": tvgName = value
            case "tvg-shift": shift = value
            case "tvg-thumbnails": if thumbnailsRank > 0 { (thumbnails, thumbnailsRank) = (value, 0) }
            case "thumbnails": if thumbnailsRank > 1 { (thumbnails, thumbnailsRank) = (value, 1) }
            case "tvg-rating": rate(value, rank: 0)
            case "rating": rate(value, rank: 1)
            case "parental-rating": rate(value, rank: 2)
            case "content-rating": rate(value, rank: 3)
            default: if CatchupAttributes.triggers.contains(key) { catchup = true }
            }
        }

        private mutating func rate(_ value: String, rank: Int) {
            if rank < ratingRank { (rating, ratingRank) = (value, rank) }
        }
    }

    /// What makes two entries one channel: the same `tvg-id`, or without
    /// one the same name and group (case and spacing aside). A name made
    /// from the URL ("index.m3u8") makes no match.
    private enum AlternateKey: Hashable {
        case id(String)
        case name(String, group: String)
        case line(Int)

        init(id: String?, name: String, group: String?, line: Int, named: Bool) {
            if let id = id?.trimmingWhitespace(), !id.isEmpty {
                self = .id(id)
            } else if named {
                self = .name(name.trimmingWhitespace().lowercased(), group: group?.trimmingWhitespace().lowercased() ?? "")
            } else {
                self = .line(line)
            }
        }
    }

    /// Seconds above which an `#EXTINF` length is a file's (a song's, a
    /// film's), not a channel's placeholder.
    static let minimumFileLength = 10.0

    private struct Pending {
        var line: Int
        var name: String
        var attributes: [String: String]
        /// Its `#EXTINF` gives a length of more than `minimumFileLength`:
        /// a file's, as a player's playlist lists films; a channel's is -1,
        /// 0 or 1 (hand-made lists such as the shared data's: `#EXTINF:1,`).
        var hasLength = false
        var group: String?
        var headers: [String: String] = [:]
    }

    /// `#EXTINF:` payload (`line` from its 9th byte): duration, attributes,
    /// then the name after the first comma outside quotes.
    private static func parseExtinf(_ bytes: UnsafeBufferPointer<UInt8>, line number: Int, problems: inout ProblemList) -> Pending {
        var i = min(8, bytes.count)
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        let lengthStart = i
        while i < bytes.count, bytes[i] == 0x2D || bytes[i] == 0x2B || bytes[i] == 0x2E || (bytes[i] >= 0x30 && bytes[i] <= 0x39) { i += 1 }
        let length = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[lengthStart..<i]), as: UTF8.self)) ?? -1
        let parsed = parseAttributes(UnsafeBufferPointer(rebasing: bytes[i...]))
        var name = parsed.name?.trimmingWhitespace() ?? ""
        if parsed.unterminated {
            problems.append(CatalogProblem(line: number, message: "unterminated quote in #EXTINF attributes"))
            if let comma = bytes.lastIndex(of: 0x2C) { name = string(UnsafeBufferPointer(rebasing: bytes[(comma + 1)...])).trimmingWhitespace() }
        } else if parsed.name == nil {
            problems.append(CatalogProblem(line: number, message: "#EXTINF has no comma before the channel name"))
        }
        return Pending(line: number, name: name, attributes: parsed.attributes, hasLength: length > minimumFileLength)
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
        attributes.reserveCapacity(8)
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

    /// Directive tags, upper-case, as bytes.
    private enum Tag {
        static let extm3u = Array("#EXTM3U".utf8)
        static let extinf = Array("#EXTINF:".utf8)
        static let extgrp = Array("#EXTGRP:".utf8)
        static let extvlcopt = Array("#EXTVLCOPT:".utf8)
    }

    /// Whether `line` starts with `tag`, case aside (ASCII), compared on bytes.
    private static func hasTag(_ line: UnsafeBufferPointer<UInt8>, _ tag: [UInt8]) -> Bool {
        guard line.count >= tag.count else { return false }
        for (byte, expected) in zip(line, tag) where (byte >= 97 && byte <= 122 ? byte - 32 : byte) != expected { return false }
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

    /// A URL (`scheme://…`), an absolute path, or a relative path to a media
    /// file or stream (spaces and Windows's backslashes in it too: a
    /// player's playlist of "Season 1\Episode 2.mkv").
    private static func looksLikeLocation(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if hasScheme(bytes) || bytes.first == 0x2F { return true }
        let lower = string(bytes).lowercased()
        let path = lower.split(separator: "?").first.map(String.init) ?? lower
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/"), !path[dot...].contains("\\") else { return false }
        return locationExtensions.contains(String(path[path.index(after: dot)...]))
    }

    /// The extensions a relative location may end in: streams' and
    /// playlists', and media files' (`MediaFiles`).
    private static let locationExtensions: Set<String> = MediaFiles.extensions.union(["m3u8", "m3u", "mpd"])

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

    /// A channel's name from its URL: the last path component, or a URL
    /// with no path's host (never its account).
    private static func lastComponent(of url: String) -> String {
        var path = url.split(separator: "?").first.map(String.init) ?? url
        if path.hasSuffix("/") { path.removeLast() }
        let name = path.split(separator: "/").last.map(String.init) ?? url
        guard let scheme = path.range(of: "://"), !path[scheme.upperBound...].contains("/"), let at = name.lastIndex(of: "@") else { return name }
        return String(name[name.index(after: at)...])
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
