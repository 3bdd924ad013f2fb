import Foundation
import MediaModel
import ShellRuntime

/// Carries the details an account's server gives (`XtreamFilmDetails`) to
/// the shell, made after the source: until `runLoop` is set, nothing is
/// sent (nothing asks before the shell runs). Any thread.
final class DetailsInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var loop: ShellRunLoop?

    var runLoop: ShellRunLoop? {
        get { lock.withLock { loop } }
        set { lock.withLock { loop = newValue } }
    }

    func send(_ id: String, _ details: ItemDetails) {
        runLoop?.perform { $0.setDetails(details, forItem: id) }
    }
}
