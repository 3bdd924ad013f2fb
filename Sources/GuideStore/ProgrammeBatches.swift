import Foundation
import MediaModel

/// Hands programmes from the thread reading a guide to the thread writing
/// them, in batches, holding at most `capacity` batches (so a fast reader
/// never fills memory). One producer, one consumer.
final class ProgrammeBatches: @unchecked Sendable {
    /// A programme and the lineup channels (indexes into the targets) it is for.
    typealias Entry = (programme: Programme, targets: [Int])

    private let condition = NSCondition()
    private var batches: [[Entry]] = []
    private var finished = false
    private var cancelled = false
    private let capacity: Int

    init(capacity: Int = 8) { self.capacity = capacity }

    /// Producer: waits while full; drops the batch once cancelled.
    func put(_ batch: [Entry]) {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= capacity && !cancelled { condition.wait() }
        guard !cancelled else { return }
        batches.append(batch)
        condition.broadcast()
    }

    /// Producer: no more batches.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Consumer: the writer gave up; the producer's puts return at once.
    func cancel() {
        condition.lock()
        cancelled = true
        batches.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// Consumer: the next batch, or nil once finished and drained.
    func take() -> [Entry]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !finished { condition.wait() }
        guard !batches.isEmpty else { return nil }
        let batch = batches.removeFirst()
        condition.broadcast()
        return batch
    }
}
