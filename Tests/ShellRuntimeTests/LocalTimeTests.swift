import ShellCore
@testable import ShellRuntime
import Testing

@Suite("The local time's offset and its changes")
struct LocalTimeTests {
    @Test("the change of summer time nearest now is found to the second, ahead first, then behind; none without one within a day and a half; a short summer inside the span is not missed")
    func changeNear() {
        let summer = { (t: Double) in t >= 100_000 && t < 200_000 ? 3600 : 0 }
        #expect(LocalTime.change(near: 50_000, offset: summer) == UTCOffsetChange(at: 100_000, before: 0, after: 3600))
        #expect(LocalTime.change(near: 150_000, offset: summer) == UTCOffsetChange(at: 200_000, before: 3600, after: 0))
        #expect(LocalTime.change(near: 250_000, offset: summer) == UTCOffsetChange(at: 200_000, before: 3600, after: 0), "behind")
        #expect(LocalTime.change(near: 500_000, offset: summer) == nil)
        let short = { (t: Double) in t >= 20_000 && t < 30_000 ? 3600 : 0 }
        #expect(LocalTime.change(near: 0, offset: short) == UTCOffsetChange(at: 20_000, before: 0, after: 3600))
        #expect(LocalTime.describe(3600) == "+01:00" && LocalTime.describe(-18000) == "−05:00")
    }
}
