import Foundation
import MediaModel
#if canImport(Glibc)
import Glibc
#endif

/// One load's ratings asked of an `ItemDetailsSource`, on a thread of its
/// own: the player holding the load at its hook reports it once they come
/// (`MPVPlayer`). The asking thread finishes it, then wakes the player's
/// loop; the player's owner reads it. Any thread.
final class RatingLookup: @unchecked Sendable {
    /// The load it is for.
    let token: Int
    private let lock = NSLock()
    private var ratings: [ContentRating]?

    private init(token: Int) {
        self.token = token
    }

    /// Asks `source` for `item`'s ratings on a thread of its own; `wake`
    /// is poked once they are in.
    static func start(_ item: MediaItem, token: Int, source: any ItemDetailsSource, wake: WakeLine) -> RatingLookup {
        let lookup = RatingLookup(token: token)
        let thread = Thread {
            let found = source.details(for: item).ratings
            lookup.lock.withLock { lookup.ratings = found }
            wake.poke()
        }
        thread.name = "rating lookup"
        thread.start()
        return lookup
    }

    /// The ratings found, once the source answered (nil until then).
    var found: [ContentRating]? { lock.withLock { ratings } }
}

/// The write end of a player's wakeup pipe, for threads of its own to wake
/// the loop with: once closed (the player shut down) a poke does nothing,
/// so a late answer never writes to a descriptor reused since. Any thread.
final class WakeLine: @unchecked Sendable {
    private let lock = NSLock()
    private var fd: Int32?

    init(_ fd: Int32) {
        self.fd = fd
    }

    func poke() {
        lock.withLock {
            guard let fd else { return }
            var byte: UInt8 = 1
            _ = write(fd, &byte, 1)
        }
    }

    /// Closes the descriptor; pokes after it do nothing.
    func close() {
        lock.withLock {
            if let fd { _ = Glibc.close(fd) }
            fd = nil
        }
    }
}
