import Library
import Synchronization

/// Where the library's writer is, once the library is open (it opens off
/// the run loop, while playback starts). The shell's library thread sets
/// it once; the effect interpreter reads it on the run loop. Any thread.
package final class LibrarySlot: Sendable {
    private let writer = Mutex<LibraryWriter?>(nil)

    package init() {}

    /// The writer, nil until the library is open (what is saved before is
    /// dropped: the reducer saves nothing until `libraryLoaded`).
    package var current: LibraryWriter? { writer.withLock { $0 } }

    package func open(_ opened: LibraryWriter) {
        writer.withLock { $0 = opened }
    }
}
