import Foundation
import ShellProbes
@testable import ShellRuntime
import Testing

/// `HTTPFetch` against a real HTTP server that hands out a cookie and a
/// cache lifetime, as providers' portals do.
@Suite("Fetching over HTTP")
struct HTTPFetchTests {
    @Test("every fetch asks the server again, keeps no cookie, and names tvshell's own version")
    func nothingKept() throws {
        let server = try LocalHTTPServer(files: ["tv.m3u": Data("#EXTM3U\n".utf8)])
        defer { server.stop() }
        server.answerWith(fields: ["Set-Cookie: session=account-password-here; Path=/", "Cache-Control: public, max-age=3600"])
        let url = try #require(URL(string: server.url("tv.m3u")))
        for _ in 0..<2 {
            guard case .answered(let status, let body) = HTTPFetch.get(url, timeout: 10) else {
                Issue.record("no answer")
                return
            }
            #expect(status == 200 && body == Data("#EXTM3U\n".utf8))
        }
        #expect(server.requests == ["/tv.m3u", "/tv.m3u"], "the second fetch was answered from a cache")
        let headers = server.requestHeaders
        #expect(headers.allSatisfy { $0["cookie"] == nil }, "the server's cookie was sent back")
        #expect(headers.allSatisfy { $0["user-agent"] == "tvshell/\(ShellVersion.current)" })
    }
}
