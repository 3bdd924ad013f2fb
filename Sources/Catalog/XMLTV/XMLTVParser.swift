import Foundation
import MediaModel

/// A parsed XMLTV guide: channels, programmes, and every problem found.
public struct GuideData: Equatable, Sendable {
    /// The programmes indexed for now / next.
    public var index: ProgrammeGuide { ProgrammeGuide(channels: channels, programmes: programmes) }

    public var channels: [GuideChannel]
    public var programmes: [Programme]
    public var problems: [CatalogProblem]
    public init(channels: [GuideChannel] = [], programmes: [Programme] = [], problems: [CatalogProblem] = []) {
        self.channels = channels
        self.programmes = programmes
        self.problems = problems
    }
}

/// Reads XMLTV (`channel`, `programme` with `start`/`stop` and offsets,
/// `title`, `sub-title`, `desc`, `category`, `rating`, `icon`,
/// `episode-num`) with a streaming parser. A programme with a bad time or no
/// channel is reported with its line and skipped; malformed XML keeps what was
/// read before the error. Call from any thread.
public enum XMLTVParser {
    /// Where a guide comes from: bytes (plain or gzip) or a file (plain or gzip).
    public enum Source: Sendable {
        case data(Data)
        case path(String)
    }

    /// At most this many problems are listed; the rest are counted.
    public static let problemLimit = 1000

    /// Reads a guide from bytes (plain or gzip).
    public static func parse(_ data: Data) -> GuideData { collect(.data(data)) }

    /// Reads the guide file at `path` (plain or gzip) as it streams in.
    public static func parse(path: String) -> GuideData { collect(.path(path)) }

    /// Reads a guide whole into memory (for small guides and tests).
    private static func collect(_ source: Source) -> GuideData {
        var guide = GuideData()
        let outcome = stream(source, channel: { guide.channels.append($0) }, programme: { guide.programmes.append($0) })
        if outcome.refused { guide = GuideData() }
        guide.problems = outcome.problems
        return guide
    }

    /// Streams the guide from `source`: each channel and each programme is
    /// handed over as soon as it is complete, in file order, and nothing else
    /// is kept. Returns the problems (at most `problemLimit`, then a count),
    /// and whether the guide was refused (one declaring its own entities):
    /// then whatever was handed over must be dropped.
    public static func stream(
        _ source: Source, channel: (GuideChannel) -> Void, programme: (Programme) -> Void
    ) -> (problems: [CatalogProblem], refused: Bool) {
        let reader: XMLReader?
        switch source {
        case .data(let data): reader = XMLReader(data: data)
        case .path(let path): reader = XMLReader(path: path)
        }
        guard let reader else {
            switch source {
            case .data: return ([CatalogProblem(line: 0, message: "not an XMLTV guide: the XML reader could not start")], false)
            case .path(let path): return ([CatalogProblem(line: 0, message: "cannot open \(path)")], false)
            }
        }
        return withoutActuallyEscaping(channel) { channel in
            withoutActuallyEscaping(programme) { programme in
                read(reader, into: Builder(channel: channel, programme: programme))
            }
        }
    }

    private static func read(_ reader: XMLReader, into builder: Builder) -> (problems: [CatalogProblem], refused: Bool) {
        while let node = reader.next() {
            switch node {
            case .start(let name, let attributes, let empty):
                builder.start(name, attributes: attributes, line: reader.line)
                if empty { builder.end(name) }
            case .text(let text):
                builder.text += text
            case .end(let name):
                builder.end(name)
            }
        }
        if let refusal = reader.refusal {
            return ([CatalogProblem(line: reader.line, message: refusal + "; nothing of it is used")], true)
        }
        if let error = reader.error {
            builder.report(CatalogProblem(line: max(error.line, reader.line), message: "XML error: \(error.message); the guide is read up to here"))
        }
        if builder.sawTV == false {
            builder.report(CatalogProblem(line: 0, message: "not an XMLTV guide: no <tv> element"))
        } else if !builder.closedTV && reader.error == nil {
            builder.report(CatalogProblem(line: reader.line, message: "the guide ends before </tv> (truncated?); the guide is read up to here"))
        }
        return (builder.finishedProblems(), false)
    }

    /// Builds the guide from the reader's nodes.
    private final class Builder {
        private let emitChannel: (GuideChannel) -> Void
        private let emitProgramme: (Programme) -> Void
        private var problems = ProblemList()
        var sawTV = false
        var closedTV = false
        private var channel: GuideChannel?
        private var programme: Programme?
        private var programmeLine = 0
        var text = ""
        private var titleLang: String?
        private var ratingSystem: String?
        private var stack: [String] = []

        init(channel: @escaping (GuideChannel) -> Void, programme: @escaping (Programme) -> Void) {
            emitChannel = channel
            emitProgramme = programme
        }

        func report(_ problem: CatalogProblem) {
            problems.append(problem)
        }

        func finishedProblems() -> [CatalogProblem] {
            problems.all
        }

        func start(_ name: String, attributes: [String: String], line: Int) {
            stack.append(name)
            text = ""
            switch name {
            case "tv":
                sawTV = true
            case "channel" where stack.count == 2:
                channel = GuideChannel(id: attributes["id"] ?? "", names: [])
                if channel?.id.isEmpty == true {
                    report(CatalogProblem(line: line, message: "<channel> without an id"))
                }
            case "programme":
                programmeLine = line
                let start = attributes["start"].flatMap(XMLTVTime.parse)
                let channelID = attributes["channel"] ?? ""
                if start == nil {
                    report(CatalogProblem(line: line, message: "<programme> start \(attributes["start"].map { "“\($0)”" } ?? "missing") is not an XMLTV time; skipped"))
                } else if channelID.isEmpty {
                    report(CatalogProblem(line: line, message: "<programme> without a channel; skipped"))
                }
                if let start, !channelID.isEmpty {
                    var stop = attributes["stop"].flatMap(XMLTVTime.parse)
                    if let s = stop, s <= start { stop = nil }
                    programme = Programme(channel: channelID, start: start, stop: stop, title: "")
                    programme?.catchupID = attributes["catchup-id"].flatMap { $0.isEmpty ? nil : $0 }
                } else {
                    programme = nil
                }
                titleLang = nil
            case "icon":
                if let src = attributes["src"] {
                    if stack.dropLast().last == "channel" { channel?.icon = src }
                    if stack.dropLast().last == "programme" { programme?.icon = src }
                }
            case "title":
                titleLang = attributes["lang"]
            case "rating":
                ratingSystem = attributes["system"]
            default:
                break
            }
        }

        func end(_ name: String) {
            defer { stack.removeLast() }
            let value = text.trimmingWhitespace()
            let parent = stack.dropLast().last
            switch name {
            case "tv":
                closedTV = true
            case "channel" where stack.count == 2:
                if let c = channel, !c.id.isEmpty { emitChannel(c) }
                channel = nil
            case "display-name" where parent == "channel":
                if !value.isEmpty { channel?.names.append(value) }
            case "programme":
                if var p = programme {
                    if p.title.isEmpty {
                        report(CatalogProblem(line: programmeLine, message: "<programme> on \(p.channel) without a title"))
                        p.title = "—"
                    }
                    emitProgramme(p)
                }
                programme = nil
            case "title" where parent == "programme":
                if programme?.title.isEmpty == true || titleLang == "en" && !value.isEmpty { programme?.title = value }
            case "sub-title" where parent == "programme":
                programme?.subtitle = value
            case "desc" where parent == "programme":
                if programme?.summary == nil { programme?.summary = value }
            case "category" where parent == "programme":
                if !value.isEmpty { programme?.categories.append(value) }
            case "value" where parent == "rating" && stack.dropLast(2).last == "programme":
                if !value.isEmpty { programme?.ratings.append(GuideRating(
                    system: ratingSystem, value: value, resolved: RatingsTable.standard.parseXMLTV(system: ratingSystem, value: value))) }
            case "episode-num" where parent == "programme":
                if programme?.episode == nil { programme?.episode = value }
            default:
                break
            }
            text = ""
        }
    }
}
