@testable import ShellRuntime
import Testing

@Suite("When the shell looks at the wall clock")
struct WallClockTickTests {
    @Test("just after each minute begins, so the clock on the screens turns over with it; every 30 s at most with a guide or a daily sleep")
    func delays() {
        let minute = 1_800_000_000.0 - 1_800_000_000.0.truncatingRemainder(dividingBy: 60)
        #expect(abs(Shell.wallClockTickDelay(now: minute + 10, often: false) - 50.05) < 1e-6)
        #expect(abs(Shell.wallClockTickDelay(now: minute + 59.99, often: false) - 0.06) < 1e-6)
        #expect(Shell.wallClockTickDelay(now: minute + 10, often: true) == 30)
        #expect(abs(Shell.wallClockTickDelay(now: minute + 40, often: true) - 20.05) < 1e-6)
    }
}
