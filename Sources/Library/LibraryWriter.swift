import Foundation
import MediaModel

/// Writes to the library off the run loop, on one serial queue, never
/// holding more than one pending write a key (a newer position replaces an
/// older one not written yet). A failing write is reported once. Any thread.
public final class LibraryWriter: @unchecked Sendable {
    public enum Write: Sendable {
        case position(SavedPosition)
        case play(HistoryEntry)
        case favourite(FavouriteChannel, on: Bool)
        case reminder(SavedReminder, on: Bool)
        /// `position` of `item`, keyed on the writer's queue
        /// (`ItemIdentity.key(for:)` reads a local file's device and inode:
        /// a share that does not answer holds the writer, never the
        /// caller's thread, the run loop); its `key` is replaced.
        case positionOf(MediaItem, SavedPosition)
        /// `entry` of `item`, keyed on the writer's queue as `positionOf`.
        case playOf(MediaItem, HistoryEntry)
    }

    private let store: LibraryStore
    private let queue = DispatchQueue(label: "tvshell.library")
    private let lock = NSLock()
    private var pending: [Write] = []
    private var scheduled = false
    private var reported = false
    private let report: @Sendable (String) -> Void

    public init(store: LibraryStore, report: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.report = report
    }

    public func submit(_ write: Write) {
        lock.lock()
        switch write {
        case .position(let new):
            pending.removeAll { if case .position(let old) = $0 { old.key == new.key } else { false } }
        case .positionOf(let new, _):
            pending.removeAll { if case .positionOf(let old, _) = $0 { old.id == new.id && old.url == new.url } else { false } }
        default:
            break
        }
        pending.append(write)
        let schedule = !scheduled
        scheduled = true
        lock.unlock()
        if schedule { queue.async { self.drain() } }
    }

    private func save(_ position: SavedPosition) throws {
        try store.save(position)
        try store.updateLatest(key: position.key, position: position.position, duration: position.duration, watched: position.watched)
    }

    /// Waits until every submitted write is done (at exit).
    public func flush() {
        queue.sync {}
        queue.sync {}
    }

    private func drain() {
        lock.lock()
        let writes = pending
        pending.removeAll()
        scheduled = false
        lock.unlock()
        for write in writes {
            do {
                switch write {
                case .position(let position):
                    try save(position)
                case .positionOf(let item, var position):
                    position.key = ItemIdentity.key(for: item)
                    try save(position)
                case .play(let entry):
                    try store.record(entry)
                case .playOf(let item, var entry):
                    entry.key = ItemIdentity.key(for: item)
                    try store.record(entry)
                case .favourite(let favourite, let on):
                    try store.setFavourite(favourite, on: on)
                case .reminder(let reminder, let on):
                    try store.setReminder(reminder, on: on)
                }
            } catch {
                lock.lock()
                let first = !reported
                reported = true
                lock.unlock()
                if first { report("The library \(store.path) could not be written (\(error)); positions, favourites and reminders may not be kept") }
            }
        }
    }
}
