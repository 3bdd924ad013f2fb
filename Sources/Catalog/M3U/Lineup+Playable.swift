import Dispatch
import MediaModel

extension Lineup {
    /// Its channels as the shell plays them (`mediaItem`, keyed into the
    /// guide by its target's `key`) and as the guide matches them
    /// (`guideTarget`), in lineup order. A provider's film or episode among
    /// them (not live) has no guide: no target, no guide id (such a list
    /// holds 300 000 of them, and the guide's matching took 150 MB more for
    /// them). A large lineup is made in two halves at once: 50 000 channels
    /// take ~100 ms on one core, at every start. Any thread.
    public func playableChannels() -> (items: [MediaItem], targets: [GuideTarget]) {
        let count = channels.count
        let halves = count >= Self.splitAt ? 2 : 1
        var targets: [GuideTarget] = []
        let items = [MediaItem](unsafeUninitializedCapacity: count) { itemBuffer, itemCount in
            targets = [GuideTarget](unsafeUninitializedCapacity: count) { targetBuffer, targetCount in
                let slots = Slots(items: itemBuffer.baseAddress, targets: targetBuffer.baseAddress)
                DispatchQueue.concurrentPerform(iterations: halves) { half in
                    for index in (count * half / halves)..<(count * (half + 1) / halves) {
                        var item = channels[index].mediaItem
                        let target = item.isLive ? channels[index].guideTarget(header: headerAttributes) : Self.noTarget
                        item.guideID = item.isLive ? target.key : nil
                        slots.items?.advanced(by: index).initialize(to: item)
                        slots.targets?.advanced(by: index).initialize(to: target)
                    }
                }
                targetCount = count
            }
            itemCount = count
        }
        targets.removeAll { $0.id == nil && $0.names.isEmpty }
        return (items, targets)
    }

    /// A film's place among the targets while they are made: nothing to
    /// match by, and taken out after.
    private static let noTarget = GuideTarget(id: nil, names: [])

    /// Lineups this long are made in two halves.
    static let splitAt = 10_000

    /// The two arrays' storage, written by both halves at indices of their
    /// own, each once, before `concurrentPerform` returns.
    private struct Slots: @unchecked Sendable {
        let items: UnsafeMutablePointer<MediaItem>?
        let targets: UnsafeMutablePointer<GuideTarget>?
    }
}
