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
    /// Reads a guide from bytes (plain or gzip).
    public static func parse(_ data: Data) -> GuideData {
        guard let reader = XMLReader(data: data) else {
            return GuideData(problems: [CatalogProblem(line: 0, message: "not an XMLTV guide: the XML reader could not start")])
        }
        return read(reader)
    }

    /// Reads the guide file at `path` (plain or gzip) as it streams in.
    public static func parse(path: String) -> GuideData {
        guard let reader = XMLReader(path: path) else {
            return GuideData(problems: [CatalogProblem(line: 0, message: "cannot open \(path)")])
        }
        return read(reader)
    }

    private static func read(_ reader: XMLReader) -> GuideData {
        let builder = Builder()
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
            return GuideData(problems: [CatalogProblem(line: reader.line, message: refusal + "; nothing of it is used")])
        }
        if let error = reader.error {
            builder.guide.problems.append(CatalogProblem(line: max(error.line, reader.line), message: "XML error: \(error.message); the guide is read up to here"))
        }
        if builder.sawTV == false {
            builder.guide.problems.append(CatalogProblem(line: 0, message: "not an XMLTV guide: no <tv> element"))
        } else if !builder.closedTV && reader.error == nil {
            builder.guide.problems.append(CatalogProblem(line: reader.line, message: "the guide ends before </tv> (truncated?); the guide is read up to here"))
        }
        return builder.guide
    }

    /// Builds the guide from the reader's nodes.
    private final class Builder {
        var guide = GuideData()
        var sawTV = false
        var closedTV = false
        private var channel: GuideChannel?
        private var programme: Programme?
        private var programmeLine = 0
        var text = ""
        private var titleLang: String?
        private var ratingSystem: String?
        private var stack: [String] = []

        func start(_ name: String, attributes: [String: String], line: Int) {
            stack.append(name)
            text = ""
            switch name {
            case "tv":
                sawTV = true
            case "channel" where stack.count == 2:
                channel = GuideChannel(id: attributes["id"] ?? "", names: [])
                if channel?.id.isEmpty == true {
                    guide.problems.append(CatalogProblem(line: line, message: "<channel> without an id"))
                }
            case "programme":
                programmeLine = line
                let start = attributes["start"].flatMap(XMLTVTime.parse)
                let channelID = attributes["channel"] ?? ""
                if start == nil {
                    guide.problems.append(CatalogProblem(line: line, message: "<programme> start \(attributes["start"].map { "“\($0)”" } ?? "missing") is not an XMLTV time; skipped"))
                } else if channelID.isEmpty {
                    guide.problems.append(CatalogProblem(line: line, message: "<programme> without a channel; skipped"))
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
                if let c = channel, !c.id.isEmpty { guide.channels.append(c) }
                channel = nil
            case "display-name" where parent == "channel":
                if !value.isEmpty { channel?.names.append(value) }
            case "programme":
                if var p = programme {
                    if p.title.isEmpty {
                        guide.problems.append(CatalogProblem(line: programmeLine, message: "<programme> on \(p.channel) without a title"))
                        p.title = "—"
                    }
                    guide.programmes.append(p)
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
