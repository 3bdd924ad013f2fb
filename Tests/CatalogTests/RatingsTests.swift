import Catalog
import Foundation
import MediaModel
import Testing

private let table = RatingsTable.standard

@Suite("Content ratings")
struct RatingsTests {
    @Test("the shipped table is Subler's, and orders MPAA and the TV Parental Guidelines")
    func order() throws {
        let fromFixture = try RatingsTable(json: SharedData.data("subler_Ratings.json"))
        #expect(fromFixture.ratings(in: "mpaa").map(\.code) == table.ratings(in: "mpaa").map(\.code))
        #expect(table.ratings(in: "mpaa").filter { !$0.isUnrated }.map(\.code) == ["G", "PG", "PG-13", "R", "NC-17"])
        #expect(table.ratings(in: "us-tv").filter { !$0.isUnrated }.map(\.code) == ["TV-Y", "TV-Y7", "TV-G", "TV-PG", "TV-14", "TV-MA"])
        #expect(table.ratings(in: "uk-movie").filter { !$0.isUnrated }.map(\.code).starts(with: ["U", "Uc", "PG", "12"]))
        #expect(table.ratings(in: "de-movie").map(\.code) == ["Ab 0 Jahren", "Ab 6 Jahren", "Ab 12 Jahren", "Ab 16 Jahren", "Ab 18 Jahren"])
    }

    @Test("over or within a limit, per system; unrated is never over")
    func limits() throws {
        let pg13 = try #require(table.rating(system: "mpaa", code: "PG-13"))
        #expect(try #require(table.parse("R")).exceeds(pg13))
        #expect(!(try #require(table.parse("PG")).exceeds(pg13)))
        #expect(!(try #require(table.parse("pg-13")).exceeds(pg13)))
        let tvpg = try #require(table.rating(system: "us-tv", code: "TV-PG"))
        #expect(try #require(table.parse("TV-MA")).exceeds(tvpg))
        #expect(!(try #require(table.parse("TV-Y7")).exceeds(tvpg)))
        #expect(!(try #require(table.parse("Unrated")).exceeds(pg13)))
    }

    @Test("real tag forms: iTunEXTC, Matroska LAW_RATING, lineup attributes, XMLTV")
    func forms() {
        #expect(table.parseITunEXTC("mpaa|PG-13|300|")?.code == "PG-13")
        #expect(table.parseITunEXTC("us-tv|TV-MA|600|")?.rank == 600)
        #expect(table.parseITunEXTC("uk-movie|15|350|")?.system == "uk-movie")
        #expect(table.parse("mpaa|R|400|")?.code == "R")
        #expect(table.parse("PG-13")?.system == "mpaa")
        #expect(table.parse(" TV-14 ")?.system == "us-tv")
        #expect(table.parse("FSK 16")?.code == "Ab 16 Jahren")
        #expect(table.parse("FSK16")?.code == "Ab 16 Jahren")
        #expect(table.parse("BBFC 15")?.system == "uk-movie")
        #expect(table.parseXMLTV(system: "MPAA", value: "PG")?.code == "PG")
        #expect(table.parseXMLTV(system: "VCHIP", value: "TV-14")?.code == "TV-14")
        #expect(table.parseXMLTV(system: "FSK", value: "12")?.code == "Ab 12 Jahren")
        #expect(table.parseXMLTV(system: nil, value: "TV-G")?.system == "us-tv")
        #expect(table.parse("") == nil)
        #expect(table.parse("not a rating") == nil)
    }

    @Test("the ratings in shared data's guides and in the demo are understood")
    func sharedGuides() throws {
        let guide = XMLTVParser.parse(try SharedData.data("xmltv_project_t_data_test.xml"))
        let rating = try #require(guide.programmes.first?.ratings.first)
        #expect(table.parseXMLTV(system: rating.system, value: rating.value)?.description == "mpaa PG")
    }
}
