import MediaModel
import Testing

@Suite("ProgrammeGuide")
struct ProgrammeGuideTests {
    @Test("two windows merged: every programme once (the first guide's kept for a slot in both), channels of both, now / next from either")
    func merged() {
        let now = 1_800_000_000.0
        let near = ProgrammeGuide(channels: [GuideChannel(id: "a", names: ["A"])], programmes: [
            Programme(channel: "a", start: now - 1800, stop: now + 1800, title: "On now"),
            Programme(channel: "a", start: now + 1800, stop: now + 3600, title: "Next"),
        ])
        let far = ProgrammeGuide(channels: [GuideChannel(id: "a", names: ["A"]), GuideChannel(id: "b", names: ["B"])], programmes: [
            Programme(channel: "a", start: now + 1800, stop: now + 3600, title: "Next, as the far window read it"),
            Programme(channel: "a", start: now + 3 * 86_400, stop: now + 3 * 86_400 + 3600, title: "Days ahead"),
            Programme(channel: "b", start: now + 3 * 86_400, stop: now + 3 * 86_400 + 3600, title: "B ahead"),
        ])
        let both = far.merged(with: near)
        #expect(both.programmes(for: "a").map(\.title) == ["On now", "Next, as the far window read it", "Days ahead"])
        #expect(both.nowNext(channel: "a", at: now).now?.title == "On now")
        #expect(both.nowNext(channel: "b", at: now + 3 * 86_400 + 60).now?.title == "B ahead")
        #expect(Set(both.channels.keys) == ["a", "b"])
        #expect(near.merged(with: .empty) == near && ProgrammeGuide.empty.merged(with: near) == near)
    }
}
