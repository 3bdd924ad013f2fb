import MediaModel
import Testing

@Suite("URLs as they may be shown: accounts and tokens redacted")
struct URLRedactionTests {
    @Test("Xtream Codes paths, the short form, user:pass@, secret query keys; the rest kept", arguments: [
        ("http://list.tv:8080/live/alice/s3cret/1477.m3u8", "http://list.tv:8080/live/***/***/1477.m3u8"),
        ("http://list.tv:8080/movie/alice/s3cret/99.mkv", "http://list.tv:8080/movie/***/***/99.mkv"),
        ("http://list.tv:8080/series/alice/s3cret/12.mp4", "http://list.tv:8080/series/***/***/12.mp4"),
        ("http://list.tv:8080/timeshift/my@account.xc/my_password/60/2026-11-22:20-00/1477.ts",
         "http://list.tv:8080/timeshift/***/***/60/2026-11-22:20-00/1477.ts"),
        ("http://list.tv:8080/my@account.xc/my_password/1477", "http://list.tv:8080/***/***/1477"),
        ("http://list.tv:8080/alice/s3cret/1477.ts", "http://list.tv:8080/***/***/1477.ts"),
        ("http://list.tv/get.php?username=alice&password=s3cret&type=m3u_plus", "http://list.tv/get.php?username=***&password=***&type=m3u_plus"),
        ("https://cdn.tv/a.m3u8?Token=abc123&quality=hd#t=3", "https://cdn.tv/a.m3u8?Token=***&quality=hd#t=3"),
        ("rtmp://bob:hunter2@media.tv:1935/app/stream", "rtmp://***:***@media.tv:1935/app/stream"),
        ("http://bob@media.tv/x.ts", "http://***@media.tv/x.ts"),
        ("http://h.tv/live/u/p/1.ts|User-Agent=VLC", "http://h.tv/live/***/***/1.ts|User-Agent=VLC"),
        ("https://dash2.antik.sk/live/test_trt_world_atktv/playlist.m3u8", "https://dash2.antik.sk/live/test_trt_world_atktv/playlist.m3u8"),
        ("https://qvcuk-live.akamaized.net/hls/live/2097112/qvc/3/3.m3u8", "https://qvcuk-live.akamaized.net/hls/live/2097112/qvc/3/3.m3u8"),
        ("av://lavfi:testsrc2=size=320x180:rate=25", "av://lavfi:testsrc2=size=320x180:rate=25"),
        ("/media/films/Show S01E02.mkv", "/media/films/Show S01E02.mkv"),
        ("http://127.0.0.1:9/off-air/live.m3u8", "http://127.0.0.1:9/off-air/live.m3u8"),
        ("http://h.tv/a?key=", "http://h.tv/a?key="),
        ("udp://@239.1.1.1:5000", "udp://@239.1.1.1:5000"),
        ("rtp://@239.0.0.4:8208?localaddr=10.0.0.2", "rtp://@239.0.0.4:8208?localaddr=10.0.0.2"),
        ("rtp://87.141.215.251@232.0.20.35:10000", "rtp://87.141.215.251@232.0.20.35:10000"),
        ("udp://alice:s3cret@232.1.1.1:5000", "udp://***:***@232.1.1.1:5000"),
        ("http://10.0.0.9@media.tv/x.ts", "http://***@media.tv/x.ts"),
    ])
    func redact(url: String, shown: String) {
        #expect(URLRedaction.redact(url) == shown)
    }

    @Test("URLs inside text (player messages, log lines) are found and redacted; text around them is kept")
    func inText() {
        #expect(URLRedaction.redactingURLs(in: "loading failed: Failed to open http://list.tv:8080/live/alice/s3cret/1477.ts.")
            == "loading failed: Failed to open http://list.tv:8080/live/***/***/1477.ts.")
        #expect(URLRedaction.redactingURLs(in: "load \"http://a:b@h.tv/x\" and (https://h.tv/y?token=t)")
            == "load \"http://***:***@h.tv/x\" and (https://h.tv/y?token=***)")
        #expect(URLRedaction.redactingURLs(in: "no URL here: a://") == "no URL here: a://")
        #expect(URLRedaction.redactingURLs(in: "://nothing before") == "://nothing before")
        #expect(URLRedaction.redactingURLs(in: "plain") == "plain")
        #expect(URLRedaction.redactingURLs(in: "http://h.tv/get.php?username=a&password=s3cret: Failed to connect")
            == "http://h.tv/get.php?username=***&password=***: Failed to connect", "the colon after the URL is the text's")
    }

    @Test("mpv's file name for a URL (its filename, a media title of media without one) is redacted as its URL is; a title of its own, or a URL without secrets, is kept")
    func playerFileName() {
        #expect(URLRedaction.redactingPlayerFileName("clip.mp4?token=s3cret", of: "http://h.tv/clip.mp4?token=s3cret") == "clip.mp4?token=***")
        #expect(URLRedaction.redactingPlayerFileName("clip", of: "http://h.tv/clip.mp4?token=s3cret") == "clip.mp4?token=***", "filename/no-ext")
        #expect(URLRedaction.redactingPlayerFileName("alice:s3cret@cam.local", of: "rtsp://alice:s3cret@cam.local") == "***:***@cam.local")
        #expect(URLRedaction.redactingPlayerFileName("http://alice:s3cret@cam.local/", of: "http://alice:s3cret@cam.local/") == "http://***:***@cam.local/")
        #expect(URLRedaction.redactingPlayerFileName("Evening News", of: "http://h.tv/clip.mp4?token=s3cret") == "Evening News", "the media's own title")
        #expect(URLRedaction.redactingPlayerFileName("clip.mp4?page=2", of: "http://h.tv/clip.mp4?page=2") == "clip.mp4?page=2", "nothing secret")
        #expect(URLRedaction.redactingPlayerFileName("1477.ts", of: "http://h.tv/live/alice/s3cret/1477.ts") == "1477.ts")
    }
}
