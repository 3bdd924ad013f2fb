import Foundation
import MediaModel
import ShellCore

/// A film's details (its plot and rating, as an Xtream account's
/// `get_vod_info` answers while the home list focuses it) going into the
/// core's state of a provider-sized lineup, timed in the core itself,
/// beside one copy of all the items measured in the same run (what each
/// answer used to cost at least, three times over, with the lists indexed
/// again after each).
enum DetailsBenchmark {
    static func report(items count: Int = 350_000, answers: Int = 60) {
        let items = (0..<count).map { MediaItem(id: "f\($0)", title: "Film \($0)", url: "http://x/movie/u/p/\($0).mkv", group: "Group \($0 / 1000)") }
        var state = ShellState(items: items)
        let rating = ContentRating(system: "us-mpaa", code: "PG", rank: 200, media: .movie)
        var answered: [Double] = []
        for answer in 0..<answers {
            let id = "f\(answer * (count / answers))"
            let start = DispatchTime.now().uptimeNanoseconds
            _ = ShellReducer.reduce(&state, .itemDetails(id: id, ItemDetails(ratings: [rating], summary: "A plot"), at: Instant(seconds: 0)))
            answered.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        var copies: [Double] = []
        for _ in 0..<10 {
            var copy = state.items
            let start = DispatchTime.now().uptimeNanoseconds
            copy[0].summary = "copied"
            copies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            precondition(copy[0].summary != state.items[0].summary)
        }
        let done = Statistics(answered), copy = Statistics(copies)
        print("\n== a film's details answered (plot, rating) with \(count) films in the core's state")
        print("  filled in where they are: median \(fixed(done.median)) ms, p99 \(fixed(done.p99)) ms, max \(fixed(done.max)) ms"
              + " (one copy of all the items: median \(fixed(copy.median)) ms)")
    }
}
