import Catalog
import Foundation
import Testing

@Suite("What a would-be lineup is, from its first bytes")
struct LineupContentTests {
    @Test("every real lineup may be one", arguments: [
        "freetv_playlist_uk.m3u8", "iptv-org_streams_ad.m3u", "iptv-org_streams_bm.m3u", "iptv-playlist-parser_fixture_base.m3u",
        "iptv-playlist-parser_fixture_kodi.m3u", "iptv-playlist-parser_fixture_pipe.m3u", "iptv-playlist-parser_fixture_vlcopt.m3u",
    ])
    func realLineups(name: String) throws {
        #expect(LineupContent.problem(try SharedData.data(name)) == nil)
    }

    @Test("text that may be a lineup: a BOM, blank lines first, a bare URL list, Latin-1, an empty answer")
    func mayBe() {
        #expect(LineupContent.problem(Data("\u{FEFF}\n\n  #EXTM3U\n".utf8)) == nil)
        #expect(LineupContent.problem(Data("http://example.com/one.ts\nhttp://example.com/two.ts\n".utf8)) == nil)
        #expect(LineupContent.problem([0x23, 0x45, 0x58, 0x54, 0x4D, 0x33, 0x55, 0x0A, 0x23, 0x45, 0x58, 0x54, 0x49, 0x4E, 0x46, 0x3A, 0x2D, 0x31, 0x2C, 0xC9, 0x74, 0xE9]) == nil)
        #expect(LineupContent.problem(Data()) == nil)
        #expect(LineupContent.problem(Data("   \n".utf8)) == nil)
    }

    @Test("a web page, named by its title: a provider's expired account, a network's login page")
    func webPage() {
        let page = "<!DOCTYPE html>\n<html><head>\n<title>\n  Account   expired\n</title></head><body>Renew</body></html>"
        #expect(LineupContent.problem(Data(page.utf8))
            == "is a web page (“Account expired”), not a lineup: the server answered with a page, as a provider does for an account that has expired and a network does for its login page")
        #expect(LineupContent.problem(Data("<html><body>no title</body></html>".utf8))?.hasPrefix("is a web page, not a lineup") == true)
        #expect(LineupContent.problem(Data("<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><title>Portal</title>".utf8))?
            .hasPrefix("is a web page (“Portal”)") == true)
        let long = "<title>" + String(repeating: "x", count: 100) + "</title>"
        #expect(LineupContent.problem(Data(long.utf8))?.contains("(“" + String(repeating: "x", count: 59) + "…”)") == true)
    }

    @Test("a guide, an XML document, JSON")
    func otherText() throws {
        #expect(LineupContent.problem(try SharedData.data("xmltv_project_t_data_test.xml")) == "is an XMLTV guide, not a lineup: give it as the guide (--guide)")
        #expect(LineupContent.problem(Data("<tv generator-info-name=\"x\">".utf8)) == "is an XMLTV guide, not a lineup: give it as the guide (--guide)")
        #expect(LineupContent.problem(Data("<?xml version=\"1.0\"?><rss>".utf8))?.hasPrefix("is an XML document, not a lineup") == true)
        #expect(LineupContent.problem(Data("{\"user_info\":{\"auth\":0}}".utf8))?.hasPrefix("is JSON, not an M3U lineup") == true)
        #expect(LineupContent.problem(Data(" [1, 2]".utf8))?.hasPrefix("is JSON") == true)
    }

    @Test("binary data: a video's container, audio, an archive, an image, UTF-16, anything with a NUL")
    func binary() {
        var ts = [UInt8](repeating: 0xFF, count: 376)
        ts[0] = 0x47
        ts[188] = 0x47
        #expect(LineupContent.problem(ts) == "is an MPEG-TS video stream, not a lineup")
        #expect(LineupContent.problem([0x1A, 0x45, 0xDF, 0xA3, 0x01]) == "is a Matroska or WebM video, not a lineup")
        #expect(LineupContent.problem([0, 0, 0, 0x20] + Array("ftypisom".utf8)) == "is an MP4 video, not a lineup")
        #expect(LineupContent.problem([0x1F, 0x8B, 0x08, 0x00]) == "is compressed (gzip), not a lineup: unpack it first")
        #expect(LineupContent.problem(Array("PK".utf8) + [0x03, 0x04]) == "is a ZIP archive, not a lineup: unpack it first")
        #expect(LineupContent.problem(Array("ID3".utf8) + [0x04, 0x00]) == "is audio (MP3 or AAC), not a lineup")
        #expect(LineupContent.problem([0xFF, 0xF1, 0x50, 0x80]) == "is audio (MP3 or AAC), not a lineup")
        #expect(LineupContent.problem([0x89] + Array("PNG".utf8)) == "is an image, not a lineup")
        #expect(LineupContent.problem([0xFF, 0xD8, 0xFF, 0xE0]) == "is an image, not a lineup")
        #expect(LineupContent.problem([0xFF, 0xFE] + Array("#\0E\0".utf8)) == "is UTF-16 text, which a lineup is not: save it as UTF-8")
        #expect(LineupContent.problem(Array("#EXTM3U\n".utf8) + [0, 1, 2]) == "is binary data, not a lineup")
    }

    @Test("only the first 4 KiB are read: a NUL past them says nothing")
    func prefixOnly() {
        let text = Array(("#EXTM3U\n" + String(repeating: "#EXTINF:-1,A\nhttp://a/b\n", count: 400)).utf8)
        #expect(text.count > LineupContent.prefixLength)
        #expect(LineupContent.problem(text + [0]) == nil)
    }
}
