@testable import ShellRuntime
import Testing

/// When the TV's screens overlay is made afresh (libass's caches freed).
@Suite("The OSD overlay made afresh")
struct OSDRenewalTests {
    /// A frame of `count` lines, each naming `tag` and its row.
    private func frame(_ tag: String, _ count: Int) -> String {
        (0..<count).map { "{\\pos(0,\($0))}\(tag) \($0)" }.joined(separator: "\n")
    }

    @Test("new screens count their new lines; past the limit the next new screen goes on the other overlay, and the count starts from its lines")
    func newScreens() {
        var renewal = OSDRenewal()
        #expect(renewal.id == 1)
        var shown = 0
        while renewal.newLines + 40 <= OSDRenewal.lines {
            let renewed = renewal.next(frame("screen \(shown)", 40))
            shown += 1
            #expect(!renewed && renewal.newLines == 40 * shown)
        }
        // The same screen again brings nothing new.
        let again = renewal.next(frame("screen \(shown - 1)", 40))
        #expect(!again && renewal.newLines == 40 * shown && renewal.renewals == 0 && renewal.id == 1)
        let renewed = renewal.next(frame("screen \(shown)", 40))
        #expect(renewed, "past \(OSDRenewal.lines) new lines, a new screen")
        #expect(renewal.renewals == 1 && renewal.id == 2 && renewal.newLines == 40)
        // Back to 1 the next time.
        var more = 0
        repeat { more += 1 } while !renewal.next(frame("screen \(shown + more)", 40))
        #expect(renewal.renewals == 2 && renewal.id == 1 && more == OSDRenewal.lines / 40)
    }

    @Test("a screen where only a line or two change (a clock, a position) waits for a new screen, and goes on the other overlay at twice the limit at the latest")
    func smallChanges() {
        var renewal = OSDRenewal()
        _ = renewal.next(frame("home", 40))
        var ticks = 0
        func tick() -> Bool {
            ticks += 1
            return renewal.next(frame("home", 38) + "\n{\\pos(9,9)}0:\(ticks)\n{\\pos(9,8)}-1:\(ticks)")
        }
        while renewal.newLines + 2 <= OSDRenewal.lines {
            let renewed = tick()
            #expect(!renewed)
        }
        let past = tick()
        #expect(!past, "past the limit, a tick is not a new screen")
        let screen = renewal.next(frame("guide", 40))
        #expect(screen, "the next new screen is")
        #expect(renewal.id == 2 && renewal.newLines == 40)
        ticks = 0
        while !tick() {}
        #expect(renewal.newLines == 40 && renewal.renewals == 2 && renewal.id == 1)
        // The guide's 40 lines, the first tick's 40 (home again), then 2 a
        // tick, until past twice the limit.
        #expect(ticks == 1 + (2 * OSDRenewal.lines - 80) / 2 + 1, "the ticks alone renew past twice the limit: after \(ticks)")
    }

    @Test("an overlay taken away (its player left the main slot) is made anew with the next: the count starts again, under the same id")
    func removed() {
        var renewal = OSDRenewal()
        _ = renewal.next(frame("home", 40))
        renewal.removed()
        #expect(renewal.newLines == 0 && renewal.id == 1)
        let renewed = renewal.next(frame("home", 40))
        #expect(!renewed && renewal.newLines == 40, "every line is new to the new overlay")
    }
}
