import Foundation
import MediaModel

/// An `ItemDetailsSource` known only once the shell runs (the films of an
/// account `AccountWait` awaits): nothing applies until `set`, and after it
/// everything goes to the source set. Any thread.
public final class DeferredItemDetails: ItemDetailsSource {
    private let lock = NSLock()
    nonisolated(unsafe) private var source: (any ItemDetailsSource)?

    public init() {}

    public func set(_ source: any ItemDetailsSource) {
        lock.withLock { self.source = source }
    }

    public func applies(to item: MediaItem) -> Bool {
        lock.withLock { source }?.applies(to: item) ?? false
    }

    public func details(for item: MediaItem) -> ItemDetails {
        lock.withLock { source }?.details(for: item) ?? ItemDetails()
    }
}
