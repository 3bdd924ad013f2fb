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

    @Test("the table compiled into the binary is Subler's file as kept in the shared data")
    func compiledIn() throws {
        let file = try RatingsTable(json: SharedData.data("subler_Ratings.json"))
        let json = try JSONSerialization.jsonObject(with: SharedData.data("subler_Ratings.json")) as! [[String: Any]]
        let systems = Set(json.flatMap { ($0["ratings"] as? [[String: Any]] ?? []).compactMap { $0["prefix"] as? String } })
        #expect(systems.count >= 20)
        for system in systems {
            #expect(RatingsTable.standard.ratings(in: system) == file.ratings(in: system), "\(system)")
        }
    }

    @Test("every system of the table: ranks rise through its ratings, and each code reads back in every form")
    func everySystem() throws {
        let json = try JSONSerialization.jsonObject(with: SharedData.data("subler_Ratings.json")) as! [[String: Any]]
        let systems = Set(json.flatMap { ($0["ratings"] as? [[String: Any]] ?? []).compactMap { $0["prefix"] as? String } })
        #expect(systems.count >= 20)
        for system in systems.sorted() {
            let rated = table.ratings(in: system).filter { !$0.isUnrated }
            var inFileOrder: [String] = []
            for country in json {
                for entry in country["ratings"] as? [[String: Any]] ?? [] where entry["prefix"] as? String == system {
                    let code = entry["itunes-code"] as! String
                    if rated.contains(where: { $0.code == code }) && !inFileOrder.contains(code) { inFileOrder.append(code) }
                }
            }
            #expect(rated.map(\.code) == inFileOrder, "\(system): from least to most restricted, as the table lists them")
            for rating in rated {
                #expect(table.parseITunEXTC("\(system)|\(rating.code)|\(rating.rank!)|") == rating, "iTunEXTC \(system)|\(rating.code)")
                #expect(table.parse("\(system)|\(rating.code)") == rating)
                #expect(table.rating(system: system, code: rating.code.uppercased()) == rating)
            }
        }
    }

    @Test("file metadata: mp4 iTunEXTC, Matroska's upper-cased tags, plain rating tags")
    func metadata() {
        #expect(table.ratings(inMetadata: ["iTunEXTC": "mpaa|R|400|", "title": "x"]).map(\.description) == ["mpaa R"])
        #expect(table.ratings(inMetadata: ["ITUNEXTC": "mpaa|R|400|", "LAW_RATING": "TV-MA"]).map(\.description) == ["mpaa R", "us-tv TV-MA"])
        #expect(table.ratings(inMetadata: ["rating": "PG-13"]).map(\.code) == ["PG-13"])
        #expect(table.ratings(inMetadata: ["CONTENT_RATING": "FSK 12"]).map(\.code) == ["Ab 12 Jahren"])
        #expect(table.ratings(inMetadata: ["LAW_RATING": "TV-MA", "law_rating": "TV-MA"]).count == 1)
        #expect(table.ratings(inMetadata: ["comment": "rated R"]).isEmpty)
    }

    @Test("lineup attributes and guide ratings arrive understood")
    func sources() throws {
        let lineup = M3UParser.parse("#EXTM3U\n#EXTINF:-1 tvg-id=\"a\" tvg-chno=\"4\" tvg-rating=\"TV-MA\",Late\nhttp://example.com/a.m3u8\n")
        #expect(lineup.channels.first?.mediaItem.contentRating?.description == "us-tv TV-MA")
        let item = MediaItem(title: "x", url: "/x", rating: "BBFC 15").resolvingRating()
        #expect(item.contentRating?.rank == 350)
    }
}

@Suite("Bare ages, as an Xtream provider's `age` gives them")
struct AgeRatingTests {
    @Test("16+, 18, +12, 0 are ages ranked as the American film rating admitting the same viewers (strict); scores, codes and odd forms are not")
    func ages() {
        let ranks = ["0", "6+", "7", "11", "+12", "12 +", "14", "15+", "16+", "17", "18+", "18", "21"].map { table.parseAge($0)?.rank }
        #expect(ranks == [100, 100, 200, 200, 300, 300, 300, 400, 400, 400, 500, 500, 500])
        #expect(table.parseAge("16+") == ContentRating(system: "age", code: "16+", rank: 400, media: .movie))
        #expect(table.name(of: table.parseAge("18")!) == "18+ (films)")
        for text in ["", "+", "PG-13", "7.5", "80", "100", "1 6", "++16", "16++", "١٦"] {
            #expect(table.parseAge(text) == nil, "\(text)")
        }
        let pg13 = table.rating(system: "mpaa", code: "PG-13")!.rank!
        #expect(table.parseAge("16+")!.rank! > pg13 && table.parseAge("12")!.rank! <= pg13, "over and within a PG-13 limit")
    }

    @Test("on TV, ages rank as the TV Parental Guidelines admitting the same viewers (strict, never TV-Y or TV-Y7); France's -16 is an age")
    func tvAges() {
        let ranks = ["0", "6+", "7", "11", "+12", "14", "15", "16+", "-16", "18", "21"].map { table.parseAge($0, media: .tv)?.rank }
        #expect(ranks == [300, 300, 400, 400, 500, 500, 600, 600, 600, 600, 600])
        #expect(table.parseAge("-12", media: .tv) == ContentRating(system: "age-tv", code: "12+", rank: 500, media: .tv))
        #expect(table.name(of: table.parseAge("18", media: .tv)!) == "18+ (TV)")
        let tv14 = table.rating(system: "us-tv", code: "TV-14")!.rank!
        #expect(table.parseAge("16", media: .tv)!.rank! > tv14 && table.parseAge("14", media: .tv)!.rank! <= tv14, "over and within a TV-14 limit")
        for text in ["-", "-+16", "+16+", "7.5", "80"] {
            #expect(table.parseAge(text, media: .tv) == nil, "\(text)")
        }
    }

    @Test("fields that hold a rating take a bare age: a lineup's tvg-rating, a guide's value in any system, an item's rating, a law's tag; a plain rating tag does not")
    func agesWhereRatingsAre() {
        let lineup = M3UParser.parse("#EXTM3U\n#EXTINF:-1 tvg-id=\"a\" tvg-rating=\"18+\",Late\nhttp://example.com/a.m3u8\n#EXTINF:-1 parental-rating=\"12\",Day\nhttp://example.com/b.m3u8\n")
        #expect(lineup.channels.map { $0.mediaItem.contentRating } == [table.parseAge("18", media: .tv), table.parseAge("12", media: .tv)])
        #expect(table.parseXMLTV(system: "CSA", value: "-16") == table.parseAge("16", media: .tv))
        #expect(table.parseXMLTV(system: nil, value: "18+")?.rank == 600)
        #expect(table.parseXMLTV(system: "FSK", value: "16")?.code == "Ab 16 Jahren", "a known system's own code first")
        #expect(MediaItem(title: "x", url: "/x", rating: "16").resolvingRating().contentRating == table.parseAge("16"))
        #expect(MediaItem(title: "x", url: "http://x/live.m3u8", isLive: true, rating: "16").resolvingRating().contentRating == table.parseAge("16", media: .tv))
        #expect(table.ratings(inMetadata: ["LAW_RATING": "16"]) == [table.parseAge("16")!])
        #expect(table.ratings(inMetadata: ["rating": "8"]).isEmpty, "a score")
        #expect(table.parseRating("TV-MA", media: .movie)?.system == "us-tv")
        let grouped = M3UParser.parse("#EXTM3U\n#EXTINF:-1 group-title=\"XXX | Night\",A\nhttp://e.com/a\n#EXTINF:-1 group-title=\"Adult Swim\",B\nhttp://e.com/b\n#EXTINF:-1 group-title=\"18+\" tvg-rating=\"TV-14\",C\nhttp://e.com/c\n")
        #expect(grouped.channels.map { $0.mediaItem.contentRating?.code } == ["18+", nil, "TV-14"], "a group named for adults, unless the channel is rated")
    }

    @Test("group names that say “for adults”: XXX, porn, 18+, erotic, and Adult(s) in the languages providers use, Russian and Polish among them; not Adult Swim, Adult Contemporary, Adult Education, Young Adult (nor its German, Dutch, Scandinavian, Polish forms), nor words that only hold the letters")
    func adultGroupNames() {
        for name in ["XXX", "xxx-movies", "VOD | 18+", "+18 Live", "Porn", "PORNO HD", "Erotic", "Erotik Nacht", "Adult", "ADULTS ONLY", "For adults",
                     "Canales Adultos", "Pour adultes", "Film per adulti", "|AR| ADULT", "Adult: Late",
                     "Für Erwachsene", "DE | ERWACHSENE", "Nur für Erwachsenen", "Volwassenen", "NL: VOLWASSENEN", "Voksen", "For voksne", "Vuxen", "Filmer för vuxna",
                     "Dla dorosłych", "PL | DLA DOROSLYCH", "Pro dospělé", "CZ DOSPELE", "Felnőtt", "HU | FELNŐTTEKNEK", "Yetişkin", "TR: YETİŞKİN", "TR YETISKINLER",
                     "Для взрослых", "RU | ДЛЯ ВЗРОСЛЫХ", "Взрослые каналы"] {
            #expect(AdultGroups.marks(name), "\(name)")
        }
        for name in ["Adult Swim", "ADULT SWIM HD", "Adult Contemporary", "Adult Education", "Young Adult", "Sports", "News 18", "Channel 180",
                     "Adulting Today", "Pornography documentaries", "Xtra", "Heroes", "Erotomania", "", "Kids 8+", "Adultère",
                     "Junge Erwachsene", "Erwachsenenbildung", "Jonge volwassenen", "Unga vuxna", "Unge voksne", "Voksenopplæring", "Młodzi dorośli",
                     "Yetenek", "Dospívající", "Felnőttképzés", "Взрослая жизнь", "Vuxenutbildning", "Yeti TV"] {
            #expect(!AdultGroups.marks(name), "\(name)")
        }
    }

    @Test("a rating's iTunEXTC form reads back as the same rating, for the table's and for ages")
    func keptForm() throws {
        for rating in [table.rating(system: "de-movie", code: "Ab 16 Jahren")!, table.parseAge("16+")!, table.parseAge("-12", media: .tv)!,
                       ContentRating(system: "mpaa", code: "Unrated", rank: nil, media: .movie)] {
            #expect(table.parseITunEXTC(rating.iTunEXTC) == rating, "\(rating.iTunEXTC)")
        }
        let both = [table.parseAge("16+")!, table.rating(system: "us-tv", code: "TV-PG")!]
        #expect(table.readKept(try #require(RatingsTable.keep(both))) == both)
        #expect(RatingsTable.keep([]) == nil)
    }
}
