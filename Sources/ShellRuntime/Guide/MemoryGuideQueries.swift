import Foundation
import MediaModel
import ShellCore

/// Searches of a guide held in memory only (the demo lineup's, a guide read
/// without a store to keep it in), as the stored guide's are made: every
/// word of the text in the programme's title or description, the last as
/// the start of a word, case and accents aside; programmes not over by
/// `from`, by start. Off the run loop, on a serial queue of its own, posted
/// as `Action.guideSearchResults` (only the newest text waiting is searched).
/// The whole guide is held, so there are no windows to load. Run-loop thread.
final class MemoryGuideQueries: GuideQueries, @unchecked Sendable {
    private let searches: NewestRequestQueue<GuideSearchRequest>

    init(guide: ProgrammeGuide, inbox: ActionInbox) {
        let programmes = guide.allProgrammes
        searches = NewestRequestQueue(label: "tvshell.guide-memory") { request in
            inbox.post(.guideSearchResults(text: request.text, Self.search(programmes, request.text, from: request.from, limit: request.limit)))
        }
    }

    func search(_ text: String, from: Double, limit: Int) {
        searches.submit(GuideSearchRequest(text: text, from: from, limit: limit))
    }

    func loadWindow(around time: Double) {}

    /// The programmes of `programmes` that `text` finds. Any thread.
    static func search(_ programmes: [Programme], _ text: String, from: Double, limit: Int) -> [Programme] {
        let query = words(text)
        guard let last = query.last else { return [] }
        let whole = Set(query.dropLast())
        let found = programmes.filter { programme in
            guard (programme.stop ?? .infinity) > from else { return false }
            let own = words(programme.title + " " + (programme.summary ?? ""))
            return whole.isSubset(of: Set(own)) && own.contains { $0.hasPrefix(last) }
        }
        return Array(found.sorted { ($0.start, $0.channel) < ($1.start, $1.channel) }.prefix(limit))
    }

    private static func words(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }
}
