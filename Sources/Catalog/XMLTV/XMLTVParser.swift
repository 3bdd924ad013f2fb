import Foundation
import MediaModel
#if canImport(FoundationXML)
import FoundationXML
#endif

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
    public static func parse(_ data: Data) -> GuideData {
        let parser = XMLParser(data: data)
        let delegate = Delegate()
        parser.delegate = delegate
        let finished = parser.parse()
        if !finished || parser.parserError != nil {
            let code = (parser.parserError as NSError?)?.code ?? -1
            let what = code == 5 ? "the document ends too early" : "malformed XML (code \(code))"
            delegate.guide.problems.append(CatalogProblem(line: parser.lineNumber, message: "XML error: \(what); the guide is read up to here"))
        }
        if delegate.sawTV == false {
            delegate.guide.problems.append(CatalogProblem(line: 0, message: "not an XMLTV guide: no <tv> element"))
        } else if !delegate.closedTV && parser.parserError == nil {
            delegate.guide.problems.append(CatalogProblem(line: parser.lineNumber, message: "the guide ends before </tv> (truncated?); the guide is read up to here"))
        }
        return delegate.guide
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var guide = GuideData()
        var sawTV = false
        var closedTV = false
        private var channel: GuideChannel?
        private var programme: Programme?
        private var programmeLine = 0
        private var text = ""
        private var titleLang: String?
        private var ratingSystem: String?
        private var stack: [String] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            stack.append(name)
            text = ""
            switch name {
            case "tv":
                sawTV = true
            case "channel" where stack.count == 2:
                channel = GuideChannel(id: attributes["id"] ?? "", names: [])
                if channel?.id.isEmpty == true {
                    guide.problems.append(CatalogProblem(line: parser.lineNumber, message: "<channel> without an id"))
                }
            case "programme":
                programmeLine = parser.lineNumber
                let start = attributes["start"].flatMap(XMLTVTime.parse)
                let channelID = attributes["channel"] ?? ""
                if start == nil {
                    guide.problems.append(CatalogProblem(line: parser.lineNumber, message: "<programme> start \(attributes["start"].map { "“\($0)”" } ?? "missing") is not an XMLTV time; skipped"))
                } else if channelID.isEmpty {
                    guide.problems.append(CatalogProblem(line: parser.lineNumber, message: "<programme> without a channel; skipped"))
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

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
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
