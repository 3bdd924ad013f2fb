import Foundation
import Catalog
import MediaModel
import Testing

/// 2026-11-22 20:00:00 UTC, an hour long, asked for two hours after it began.
private let start = 1_795_377_600.0
private let end = start + 3600
private let now = start + 7200

private func url(_ extinf: String, _ stream: String, header: String = "#EXTM3U", id: String? = nil) throws -> String {
    let lineup = M3UParser.parse("\(header)\n#EXTINF:-1 \(extinf),Channel\n\(stream)\n")
    #expect(lineup.problems.isEmpty, "\(lineup.problems)")
    let catchup = try #require(lineup.channels.first?.catchup)
    return CatchupURL.make(catchup, start: start, end: end, now: now, catchupID: id)
}

@Suite("Catch-up: the archive URL for each mode")
struct CatchupTests {
    @Test("default: catchup-source is the whole URL, every specifier filled; without one, the stream with ?utc=&lutc=")
    func defaultMode() throws {
        #expect(try url(#"catchup="default" catchup-source="http://arc.tv/b.ts?cutv={Y}-{m}-{d}T{H}:{M}:{S}" catchup-days="3""#, "http://live.tv/b.ts")
                == "http://arc.tv/b.ts?cutv=2026-11-22T20:00:00")
        #expect(try url(#"catchup="default" catchup-source="http://arc.tv/video-{utc}-{duration}.m3u8""#, "http://live.tv/v.m3u8")
                == "http://arc.tv/video-1795377600-3600.m3u8")
        #expect(try url(#"catchup="default""#, "http://live.tv/a.ts") == "http://live.tv/a.ts?utc=1795377600&lutc=1795384800")
    }

    @Test("append: the source after the stream URL; the $-forms, formats and dividers")
    func append() throws {
        #expect(try url(#"catchup="append" catchup-source="?utc=${start}&lutc=${timestamp}""#, "http://live.tv/c.m3u8")
                == "http://live.tv/c.m3u8?utc=1795377600&lutc=1795384800")
        #expect(try url(#"catchup="append" catchup-source="&s={utc:YmdHM}&e=${end:Ymd-H-M}&d={duration:60}&o={offset:60}&n=${now}""#, "http://live.tv/c.ts?k=1")
                == "http://live.tv/c.ts?k=1&s=202611222000&e=20261122-21-00&d=60&o=120&n=1795384800")
        #expect(try url(#"catchup="append" catchup-source="&t={utcend}&x=${duration}""#, "http://live.tv/c") == "http://live.tv/c&t=1795381200&x=3600")
    }

    @Test("shift, and the legacy timeshift attribute: ?utc={utc}&lutc={lutc} (or &…)")
    func shift() throws {
        #expect(try url(#"catchup="shift" catchup-days="3""#, "http://live.tv/d.m3u8") == "http://live.tv/d.m3u8?utc=1795377600&lutc=1795384800")
        #expect(try url(#"timeshift="3""#, "http://live.tv/e.m3u8?token=x") == "http://live.tv/e.m3u8?token=x&utc=1795377600&lutc=1795384800")
        let lineup = M3UParser.parse("#EXTM3U\n#EXTINF:-1 timeshift=\"3\",E\nhttp://live.tv/e.m3u8\n")
        #expect(lineup.channels[0].catchup?.days == 3 && lineup.channels[0].catchup?.mode == .shift)
    }

    @Test("flussonic and fs: the archive paths made from the stream URL, its query kept")
    func flussonic() throws {
        #expect(try url(#"catchup="flussonic""#, "http://list.tv:8888/325/index.m3u8?token=secret")
                == "http://list.tv:8888/325/timeshift_rel-7200.m3u8?token=secret")
        #expect(try url(#"catchup="flussonic""#, "http://list.tv:8888/325/mono.m3u8?token=secret")
                == "http://list.tv:8888/325/mono-timeshift_rel-7200.m3u8?token=secret")
        #expect(try url(#"catchup="fs""#, "http://ch01.spr24.net/151/mpegts?token=my_token")
                == "http://ch01.spr24.net/151/timeshift_abs-1795377600.ts?token=my_token")
        #expect(try url(#"catchup="fs""#, "http://list.tv:8888/325/live?token=my_token")
                == "http://list.tv:8888/325/timeshift_abs-1795377600.ts?token=my_token")
    }

    @Test("xc: Xtream Codes' /timeshift/ path, in minutes, ts or m3u8 as the stream")
    func xtreamCodes() throws {
        #expect(try url(#"catchup="xc""#, "http://list.tv:8080/my@account.xc/my_password/1477")
                == "http://list.tv:8080/timeshift/my@account.xc/my_password/60/2026-11-22:20-00/1477.ts")
        #expect(try url(#"catchup="xc""#, "http://list.tv:8080/live/my@account.xc/my_password/1477.m3u8")
                == "http://list.tv:8080/timeshift/my@account.xc/my_password/60/2026-11-22:20-00/1477.m3u8")
    }

    @Test("vod: the programme's catchup-id; the header's defaults; catchup-correction; tvg-rec")
    func vodHeaderCorrection() throws {
        #expect(try url(#"catchup="vod""#, "http://live.tv/k.m3u8", id: "http://vod.tv/ep1.mp4") == "http://vod.tv/ep1.mp4")
        #expect(try url("tvg-id=\"a\"", "http://live.tv/h.m3u8", header: #"#EXTM3U catchup="append" catchup-source="?from={utc}" catchup-days="7""#)
                == "http://live.tv/h.m3u8?from=1795377600")
        #expect(try url(#"catchup="shift" catchup-correction="-2.5""#, "http://live.tv/c.m3u8") == "http://live.tv/c.m3u8?utc=1795368600&lutc=1795384800")
        #expect(try url(#"catchup="shift" catchup-correction="+1""#, "http://live.tv/c.m3u8") == "http://live.tv/c.m3u8?utc=1795381200&lutc=1795384800")
        for beyond in ["1e300", "nan", "-inf", "49"] {
            #expect(try url("catchup=\"shift\" catchup-correction=\"\(beyond)\"", "http://live.tv/c.m3u8") == "http://live.tv/c.m3u8?utc=1795377600&lutc=1795384800",
                    "\(beyond) hours: no correction (a URL with no time in it ended the process)")
        }
        let rec = M3UParser.parse("#EXTM3U\n#EXTINF:-1 tvg-rec=\"4\",R\nhttp://live.tv/r.m3u8\n").channels[0].catchup
        #expect(rec == Catchup(mode: .default, source: "http://live.tv/r.m3u8?utc={utc}&lutc={lutc}", days: 4))
        #expect(rec?.covers(start: start, now: now) == true && rec?.covers(start: now - 5 * 86_400, now: now) == false)
    }

    @Test("the guide's catchup-id reaches the programme")
    func catchupID() {
        let guide = XMLTVParser.parse(Data(#"<tv><programme start="20261122200000 +0000" channel="k" catchup-id="plugin://vod/?id=ep1"><title>E</title></programme></tv>"#.utf8))
        #expect(guide.programmes.first?.catchupID == "plugin://vod/?id=ep1")
    }

    @Test("UTC dates without Foundation: leap days, the epoch, before it")
    func utcDates() {
        #expect(UTCDate(0) == UTCDate.parts(1970, 1, 1, 0, 0, 0))
        #expect(UTCDate(951_782_400) == UTCDate.parts(2000, 2, 29, 0, 0, 0))
        #expect(UTCDate(start + 59) == UTCDate.parts(2026, 11, 22, 20, 0, 59))
        #expect(UTCDate(-1) == UTCDate.parts(1969, 12, 31, 23, 59, 59))
        #expect(UTCDate(4_107_542_399) == UTCDate.parts(2100, 2, 28, 23, 59, 59), "2100 is no leap year")
    }

    @Test("a mode that cannot be used is a problem on its line, and the channel plays without catch-up")
    func problems() {
        let lineup = M3UParser.parse("#EXTM3U\n#EXTINF:-1 catchup=\"xc\",X\nhttp://live.tv/x.m3u8\n#EXTINF:-1 catchup=\"weird\",W\nhttp://live.tv/w\n")
        #expect(lineup.channels.count == 2 && lineup.channels.allSatisfy { $0.catchup == nil })
        #expect(lineup.problems.map(\.line) == [2, 4])
        #expect(lineup.problems[1].message.contains("unknown catch-up mode \"weird\""))
        #expect(M3UParser.parse("#EXTM3U\n#EXTINF:-1 catchup=\"disabled\",D\nhttp://live.tv/d\n").problems.isEmpty)
    }
}

extension UTCDate {
    static func parts(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int) -> (Int, Int, Int, Int, Int, Int) { (y, mo, d, h, mi, s) }
    static func == (a: UTCDate, b: (Int, Int, Int, Int, Int, Int)) -> Bool {
        (a.year, a.month, a.day, a.hour, a.minute, a.second) == b
    }
}
