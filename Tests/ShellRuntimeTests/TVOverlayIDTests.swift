@testable import ShellRuntime
import ShellCore
import Testing

@Suite("TV overlay ids")
struct TVOverlayIDTests {
    @Test("every bitmap laid on the TV (second pictures, the thumbnail, the logos) has an id of its own within mpv's 0…63")
    func distinct() {
        let logos = (0..<TVImageBitmaps.count).map { TVImageBitmaps.firstID + $0 }
        let all = Array(TVWindowBitmaps.ids.values) + [TVPresenter.thumbnailID] + logos
        #expect(Set(all).count == all.count, "ids used twice: \(all.sorted())")
        #expect(all.allSatisfy { (0...63).contains($0) })
    }
}
