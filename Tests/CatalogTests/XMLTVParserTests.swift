import Catalog
import MediaModel
import Foundation
import Testing

@Suite("XMLTV guides")
struct XMLTVParserTests {
    @Test("problems are capped: 1 500 programmes with a bad start list the first 1 000, then a count, and the good one after them is kept")
    func problemsCapped() {
        var xml = "<tv>"
        for i in 0..<1500 { xml += "<programme start=\"soon\" channel=\"a\"><title>Bad \(i)</title></programme>\n" }
        xml += "<programme start=\"20261123200000 +0000\" channel=\"a\"><title>Good</title></programme></tv>"
        let guide = XMLTVParser.parse(Data(xml.utf8))
        #expect(guide.problems.count == 1001)
        #expect(guide.problems.last == CatalogProblem(line: 0, message: "and 500 more problems"))
        #expect(guide.programmes.map(\.title) == ["Good"])
    }

    @Test("the XMLTV project's test file: channels, one programme with everything")
    func projectTestFile() throws {
        let guide = XMLTVParser.parse(try SharedData.data("xmltv_project_t_data_test.xml"))
        #expect(guide.problems.isEmpty, "\(guide.problems)")
        #expect(guide.channels.map(\.id) == ["3sat.de", "das-erste.de"])
        #expect(guide.channels[1].names == ["ARD", "Das Erste"])
        let p = try #require(guide.programmes.first)
        #expect(guide.programmes.count == 1)
        #expect(p.channel == "3sat.de")
        #expect(p.start == XMLTVTime.parse("200006031633"))
        #expect(p.stop == nil)
        #expect(p.title == "blah")
        #expect(p.summary == "Blah Blah Blah.")
        #expect(p.categories == ["Comedy"])
        #expect(p.ratings == [GuideRating(system: "MPAA", value: "PG", resolved: RatingsTable.standard.rating(system: "mpaa", code: "PG"))])
        #expect(p.icon == "http://image.example.com/dgXPhzNJH8H.jpg")
        #expect(p.episode == "2 . 9 . 0/1")
    }

    @Test("the Schedules Direct sample: ten programmes with offsets")
    func schedulesDirect() throws {
        let guide = XMLTVParser.parse(try SharedData.data("xmltv_wiki_schedulesdirect_2008_sample.xml"))
        #expect(guide.problems.isEmpty, "\(guide.problems)")
        #expect(guide.channels.count == 2)
        #expect(guide.channels[0].icon == "file://C:\\Perl\\site/share/xmltv/icons/KERA.gif")
        #expect(guide.programmes.count == 10)
        let first = guide.programmes[0]
        #expect(first.title == "NOW on PBS")
        #expect(first.start == 1_216_103_400)
        #expect(first.stop == 1_216_105_200)
        #expect(first.categories.count == 4)
    }

    @Test("times: offsets, short forms, bad values")
    func times() {
        #expect(XMLTVTime.parse("20080715003000 -0600") == 1_216_103_400)
        #expect(XMLTVTime.parse("20080715063000 +0000") == 1_216_103_400)
        #expect(XMLTVTime.parse("20080715063000") == 1_216_103_400)
        #expect(XMLTVTime.parse("200807150630") == 1_216_103_400)
        #expect(XMLTVTime.parse("20080715") == 1_216_080_000)
        #expect(XMLTVTime.parse("20080715123000 +0530") == 1_216_105_200)
        #expect(XMLTVTime.parse("2008071") == nil)
        #expect(XMLTVTime.parse("20081315000000") == nil)
        #expect(XMLTVTime.parse("20080715000000 0600") == nil)
        #expect(XMLTVTime.parse("") == nil)
    }

    @Test("bad programmes are reported with their line and skipped; broken XML keeps what came before")
    func broken() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <tv>
          <channel id="a"><display-name>A</display-name></channel>
          <programme start="20240101120000 +0000" stop="20240101130000 +0000" channel="a"><title>Noon</title>
            <rating system="VCHIP"><value>TV-14</value></rating></programme>
          <programme start="yesterday" channel="a"><title>Bad</title></programme>
          <programme start="20240101140000 +0000"><title>Nowhere</title></programme>
          <programme start="20240101150000 +0000" channel="a"><title>Cut
        """
        let guide = XMLTVParser.parse(Data(xml.utf8))
        #expect(guide.programmes.map(\.title) == ["Noon"])
        #expect(guide.programmes[0].ratings == [GuideRating(system: "VCHIP", value: "TV-14", resolved: RatingsTable.standard.rating(system: "us-tv", code: "TV-14"))])
        try #require(guide.problems.count == 3, "\(guide.problems)")
        #expect(guide.problems[0] == CatalogProblem(line: 6, message: "<programme> start “yesterday” is not an XMLTV time; skipped"))
        #expect(guide.problems[1] == CatalogProblem(line: 7, message: "<programme> without a channel; skipped"))
        #expect(guide.problems[2].message.hasPrefix("XML error") || guide.problems[2].message.hasPrefix("the guide ends before </tv>"))
        let notXMLTV = XMLTVParser.parse(Data("<html><body/></html>".utf8))
        #expect(notXMLTV.problems.contains(CatalogProblem(line: 0, message: "not an XMLTV guide: no <tv> element")))
    }

    @Test("now / next: gaps, missing stops closed by the next start, unknown channels")
    func nowNext() {
        let data = GuideData(programmes: [
            Programme(channel: "a", start: 100, stop: 200, title: "One"),
            Programme(channel: "a", start: 300, title: "Three"),
            Programme(channel: "a", start: 250, stop: 300, title: "Two"),
        ])
        let guide = data.index
        #expect(guide.nowNext(channel: "a", at: 50).now == nil)
        #expect(guide.nowNext(channel: "a", at: 50).next?.title == "One")
        #expect(guide.nowNext(channel: "a", at: 150).now?.title == "One")
        #expect(guide.nowNext(channel: "a", at: 150).next?.title == "Two")
        #expect(guide.nowNext(channel: "a", at: 220).now == nil)
        #expect(guide.nowNext(channel: "a", at: 299).now?.title == "Two")
        #expect(guide.nowNext(channel: "a", at: 99_999).now?.title == "Three")
        #expect(guide.nowNext(channel: "b", at: 150).now == nil)
    }
}
