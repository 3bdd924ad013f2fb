import Synchronization

/// The plays asked for while the shell runs (the socket's and the fleet's
/// `play`, mpv's `loadfile`, MPRIS's `OpenUri`), counted: a play whose
/// folder is still walked when a later one is asked for is given up, its
/// walk included (`PlayedLocation.items(for:cancelled:)`). `next` on the
/// run loop; `isLatest` from any thread.
final class PlayRequests: Sendable {
    private let asked = Atomic<Int>(0)

    /// Counts a new play; returns its number.
    func next() -> Int {
        asked.add(1, ordering: .relaxed).newValue
    }

    /// Whether the play numbered `number` is the last one asked for.
    func isLatest(_ number: Int) -> Bool {
        asked.load(ordering: .relaxed) == number
    }
}
