import ConfigFormat
import Foundation

/// `[play]` and `[mpv]`: what the default command plays and how, when the
/// command line does not say (the command line wins).
extension ShellConfigFile {
    mutating func applyPlay(_ entry: TOMLDocument.Entry) throws(EntryError) {
        let value = entry.value
        if entry.table == "mpv" {
            guard let text = value.string ?? value.integer.map(String.init) ?? value.float.map({ "\($0)" }) ?? value.boolean.map({ $0 ? "yes" : "no" }) else {
                throw EntryError("expected a string, number or true / false")
            }
            mpvOptions.append(ShellConfiguration.MPVOption(key: entry.key, value: text))
            return
        }
        switch entry.key {
        case "lineup": lineup = try string(value)
        case "guides":
            guard let list = value.array, let strings = Optional(list.compactMap(\.string)), strings.count == list.count else {
                throw EntryError("expected a list of paths or URLs, like [\"http://…/guide.xml.gz\"]")
            }
            guides = strings
        case "theme": theme = try string(value)
        case "lineup_refresh":
            lineupRefresh = try refreshAge(value)
        case "video":
            guard let name = value.string, let output = VideoOutput(rawValue: name) else { throw EntryError("expected terminal, window, tv or none") }
            videoOutput = output
        default: throw EntryError("unknown setting; expected lineup, lineup_refresh, guides, theme or video")
        }
    }
}
