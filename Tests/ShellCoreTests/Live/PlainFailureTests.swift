import ShellCore
import Testing

@Suite("A live channel's failure in plain words")
struct PlainFailureTests {
    @Test("ffmpeg's and libcurl's messages name the cause a viewer can act on: this box offline, the server refusing, gone or at fault, the stream moved")
    func causes() {
        let offline = "Its server could not be found: this box may be offline, or the lineup's address is wrong."
        #expect(PlainFailure.sentence("loading failed: tcp: Failed to resolve hostname lsn.lv: Name or service not known") == offline)
        #expect(PlainFailure.sentence("Could not resolve host: tv.example") == offline)
        #expect(PlainFailure.sentence("loading failed: tcp: Connection to tcp://10.0.0.1:80 failed: Network is unreachable") == "This box cannot reach the network.")
        #expect(PlainFailure.sentence("loading failed: tcp: Connection to tcp://127.0.0.1:9 failed: Connection refused") == "Its server refused the connection.")
        #expect(PlainFailure.sentence("loading failed: http: HTTP error 404 Not Found") == "It is no longer at the address the lineup gives.")
        #expect(PlainFailure.sentence("loading failed: Server returned 403 Forbidden (access denied)")
            == "Its server refused to send it: it may be blocked where you are, or need an account.")
        #expect(PlainFailure.sentence("loading failed: Server returned 5XX Server Error reply") == "Its server has a fault right now.")
        #expect(PlainFailure.sentence("loading failed: HTTP error 503 Service Unavailable") == "Its server has a fault right now.")
        #expect(PlainFailure.sentence("loading failed: Connection timed out") == "Its server did not answer in time.")
        #expect(PlainFailure.sentence("loading failed: Invalid data found when processing input") == "What its address sends is not a stream this box can play.")
        #expect(PlainFailure.sentence("loading failed: Protocol not found") == "This box cannot open addresses of its kind.", "not taken for a page not found")
    }

    @Test("a message naming no known cause has no sentence: the screen keeps its general one")
    func unknown() {
        #expect(PlainFailure.sentence("loading failed") == nil)
        #expect(PlainFailure.sentence("loading failed: tcp: refused") == nil)
        #expect(PlainFailure.sentence("") == nil)
    }

    @Test("tvshell's own reasons are said as they are; libmpv's bare error text (no cause after it) is not one of them")
    func own() {
        #expect(PlainFailure.own("the stream stalled") == "The stream stalled")
        #expect(PlainFailure.own("no answer within 8 s") == "No answer within 8 s")
        #expect(PlainFailure.own("loading failed") == nil)
        #expect(PlainFailure.own("Loading failed") == nil)
        #expect(PlainFailure.own("no audio or video data played") == nil)
        #expect(PlainFailure.own("loading failed: tcp: Connection refused") == nil)
        #expect(PlainFailure.own("") == nil)
        #expect(PlainFailure.sentence("no audio or video data played") == "What its address sends is not a stream this box can play.")
    }
}
