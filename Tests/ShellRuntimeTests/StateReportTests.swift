import Foundation
import MediaModel
import ShellCore
import Testing
@testable import ShellRuntime

@Suite("get_state report")
struct StateReportTests {
    @Test("PRODUCT.md's fields, JSON-encodable, with the channel of a numbered live item")
    func fields() throws {
        var state = ShellState(items: [MediaItem(id: "ch7", title: "Seven", url: "av://lavfi:testsrc2", isLive: true, number: 7, rating: "TV-PG")])
        state.current = 0
        state.navigation.destination = .player
        state.playback.phase = .playing
        var scrub = ScrubState(target: 12.5, origin: 10)
        scrub.mode = .fine
        state.scrub = scrub
        state.playback.framesRendered = 45
        state.playback.framesDropped = 3
        let report = StateReport.make(state, video: .terminal)
        let data = try JSONSerialization.data(withJSONObject: report)
        let decoded = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(decoded["screen"] as? String == "player")
        #expect(decoded["frames_presented"] as? Int == 42)
        #expect(decoded["frames_dropped"] as? Int == 3)
        #expect(decoded["live"] as? Bool == true)
        #expect(decoded["rating"] as? String == "TV-PG")
        let channel = try #require(decoded["channel"] as? [String: Any])
        #expect(channel["number"] as? Int == 7 && channel["name"] as? String == "Seven" && channel["id"] as? String == "ch7")
        let s = try #require(decoded["scrub"] as? [String: Any])
        #expect(s["active"] as? Bool == true && s["mode"] as? String == "fine" && s["target"] as? Double == 12.5)
        #expect(decoded["position"] is NSNull)
        #expect(decoded["volume"] as? Int == 100 && decoded["muted"] as? Bool == false && decoded["max_volume"] as? Int == 130)
        #expect(decoded["key_labels"] as? String == "keyboard")
    }

    @Test("the search line's items found by name: number, name, live, id; an id that is a URL leaves the socket with its account taken out")
    func searchItems() throws {
        let secret = "http://tv.example/live/alice/secret/1477.ts"
        var state = ShellState(items: [MediaItem(title: "Alpha News", url: secret, isLive: true, number: 1),
                                       MediaItem(id: "film.1", title: "News Film", url: "/media/f.mkv")])
        state.navigation.destination = .guide
        var search = GuideSearch(text: "news", resultsFor: "news")
        search.items = [0, 1, 9]
        state.guide.search = search
        // As the socket sends it: every URL in a reply redacted.
        let report = IPCServer.redactingURLs(StateReport.make(state, video: .terminal))
        let text = String(decoding: try JSONSerialization.data(withJSONObject: report), as: UTF8.self)
        #expect(!text.contains("secret") && !text.contains("alice"), "\(text)")
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let items = try #require(((decoded["guide"] as? [String: Any])?["search"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["Alpha News", "News Film"], "an index out of the lineup is left out")
        #expect(items.map { $0["live"] as? Bool } == [true, false] && items[0]["number"] as? Int == 1 && items[1]["id"] as? String == "film.1")
        #expect(items[0]["id"] as? String == URLRedaction.redact(secret))
    }

    @Test("the sound and the names the hints give keys")
    func sound() throws {
        var state = ShellState(items: [])
        state.settings.volume = 0.45
        state.settings.muted = true
        state.settings.maxVolume = 0.8
        state.chrome.keyLabels = KeyLabels.remote(.standard)
        let report = StateReport.make(state, video: .terminal)
        #expect(report["volume"] as? Int == 45 && report["muted"] as? Bool == true && report["max_volume"] as? Int == 80)
        #expect(report["key_labels"] as? String == "remote")
    }
}
