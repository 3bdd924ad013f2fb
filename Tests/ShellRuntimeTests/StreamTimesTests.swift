import Testing
@testable import ShellRuntime

@Suite("Times a stream or a file claims")
struct StreamTimesTests {
    @Test("a time beyond some 3000 years, or not a number, is no time (a fragment's start of 2^62 ticks)")
    func sensible() {
        #expect(MPVPlayer.sensibleTime(12.5) == 12.5)
        #expect(MPVPlayer.sensibleTime(-3) == -3, "a stream's time before its start")
        #expect(MPVPlayer.sensibleTime(1.7e9) == 1.7e9, "a live stream counting from 1970")
        #expect(MPVPlayer.sensibleTime(3.6e14) == nil)
        #expect(MPVPlayer.sensibleTime(-1e300) == nil)
        #expect(MPVPlayer.sensibleTime(.nan) == nil)
        #expect(MPVPlayer.sensibleTime(.infinity) == nil)
        #expect(MPVPlayer.sensibleTime(nil) == nil)
    }

    @Test("MPRIS's microseconds hold any time: the nearest of ±10¹² s, 0 for not a number")
    func microseconds() {
        #expect(MPRISServer.microseconds(1.5) == 1_500_000)
        #expect(MPRISServer.microseconds(3.6e14) == 1_000_000_000_000_000_000)
        #expect(MPRISServer.microseconds(-.infinity) == -1_000_000_000_000_000_000)
        #expect(MPRISServer.microseconds(.nan) == 0)
    }
}
