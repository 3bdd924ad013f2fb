import Foundation
import MediaModel

/// Hands programmes from the thread reading a guide to the thread writing
/// them, in batches, holding at most `capacity` batches (so a fast reader
/// never fills memory). One producer, one consumer. Batches the consumer
/// is done with go back to the producer to be freed there (freeing hundreds
/// of thousands of programmes' strings was a fifth of the writer's time, and
/// the writer is the slower of the two).
final class ProgrammeBatches: @unchecked Sendable {
    /// A programme and the lineup channels (indexes into the targets) it is for.
    typealias Entry = (programme: Programme, targets: [Int])

    private let condition = NSCondition()
    private var batches: [[Entry]] = []
    private var spent: [[Entry]] = []
    private var finished = false
    private var cancelled = false
    private let capacity: Int

    init(capacity: Int = 8) { self.capacity = capacity }

    /// Producer: while full, does a piece of `idle` work at a time (it
    /// returns false when it has none left), then waits; drops the batch
    /// once cancelled.
    func put(_ batch: [Entry], whileFull idle: () -> Bool = { false }) {
        condition.lock()
        while batches.count >= capacity && !cancelled {
            condition.unlock()
            let worked = idle()
            condition.lock()
            if !worked && batches.count >= capacity && !cancelled { condition.wait() }
        }
        let freed = spent
        spent = []
        if !cancelled {
            batches.append(batch)
            condition.broadcast()
        }
        condition.unlock()
        withExtendedLifetime(freed) {}
    }

    /// Consumer: a batch written, to be freed on the producer's thread.
    func recycle(_ batch: [Entry]) {
        condition.lock()
        spent.append(batch)
        condition.unlock()
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
