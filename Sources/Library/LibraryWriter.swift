import Foundation

/// Writes to the library off the run loop, on one serial queue, never
/// holding more than one pending write a key (a newer position replaces an
/// older one not written yet). A failing write is reported once. Any thread.
public final class LibraryWriter: @unchecked Sendable {
    public enum Write: Sendable {
        case position(SavedPosition)
        case play(HistoryEntry)
        case favourite(FavouriteChannel, on: Bool)
        case reminder(SavedReminder, on: Bool)
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
        if case .position(let new) = write {
            pending.removeAll { if case .position(let old) = $0 { old.key == new.key } else { false } }
        }
        pending.append(write)
        let schedule = !scheduled
        scheduled = true
        lock.unlock()
        if schedule { queue.async { self.drain() } }
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
                    try store.save(position)
                    try store.updateLatest(key: position.key, position: position.position, duration: position.duration, watched: position.watched)
                case .play(let entry):
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
