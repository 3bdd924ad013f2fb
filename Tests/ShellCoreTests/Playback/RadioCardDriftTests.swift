@testable import ShellCore
import Testing

@Suite("A radio's card drifts")
struct RadioCardDriftTests {
    @Test("a cell a minute to and fro across its room, a row every two minutes; never beyond the room; nowhere to go where there is none")
    func drift() {
        #expect((0..<10).map { RadioCardDrift.bounce($0, span: 4) } == [0, 1, 2, 3, 4, 3, 2, 1, 0, 1])
        let offsets = (0..<240).map { RadioCardDrift.offset(minute: $0, x: -4...4, y: -1...2) }
        #expect(offsets.allSatisfy { (-4...4).contains($0.x) && (-1...2).contains($0.y) })
        #expect(Set(offsets.map(\.x)).count == 9 && Set(offsets.map(\.y)).count == 4, "every place of the room is visited")
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { abs($0.x - $1.x) <= 1 && abs($0.y - $1.y) <= 1 }, "a step at a time")
        #expect(RadioCardDrift.offset(minute: 12345, x: 0...0, y: 0...0) == (0, 0))
        #expect((-4...4).contains(RadioCardDrift.offset(minute: -7, x: -4...4, y: 0...0).x), "a clock before 1970 still gives a place")
    }
}
