@testable import ShellRuntime
import Testing

@Suite("A load's HTTP options kept as mpv's own")
struct LoadHTTPOptionsTests {
    @Test("nothing set until a load has some; then only what changes; a load without any puts mpv's own back, read once")
    func changes() {
        var options = LoadHTTPOptions()
        var reads: [String] = []
        let own = ["user-agent": "Configured/2", "referrer": "", "http-header-fields": ""]
        func read(_ name: String) -> String { reads.append(name); return own[name] ?? "" }
        #expect(options.changes(for: ["start": "30"], read: read).isEmpty, "no HTTP option, nothing read or set")
        #expect(reads.isEmpty)
        let provider = ["user-agent": "Provider/1.0", "http-header-fields": "X-Token: a\\,b", "start": "30"]
        #expect(options.changes(for: provider, read: read).map { "\($0.name)=\($0.value)" } == ["http-header-fields=X-Token: a\\,b", "user-agent=Provider/1.0"])
        #expect(reads.sorted() == ["http-header-fields", "referrer", "user-agent"])
        #expect(options.changes(for: provider, read: read).isEmpty, "the same again sets nothing")
        #expect(options.changes(for: ["user-agent": "Provider/1.0"], read: read).map(\.name) == ["http-header-fields"])
        #expect(options.changes(for: [:], read: read).map { "\($0.name)=\($0.value)" } == ["user-agent=Configured/2"], "mpv's own back")
        #expect(options.changes(for: [:], read: read).isEmpty)
        #expect(reads.count == 3, "mpv's own read once")
    }
}
