import Foundation
import ShellTesting
import Testing

/// Long random sessions (seeded, reproducible, shrunk on failure) driven
/// through the real store and effect interpreter, checked after every
/// reduced action: no restricted item loads or decodes without its
/// passcode; the prompt leaves only by the right code, ESC, a lockout or
/// the sleep; a sleeping shell has nothing open, and no passcode given
/// before the sleep covers anything after it; each flip ends exactly once;
/// a kiosk quits only by the admin passcode, SIGTERM or SIGHUP; and (by
/// the driver) only armed timers fire.
@Suite("Store properties over random sessions")
struct StorePropertyTests {
    /// `TVSHELL_PROPERTY_SEED` replays one seed; `TVSHELL_PROPERTY_SESSIONS`
    /// runs more sessions than `make test`'s 200 (a longer search, by hand).
    static let seeds: [UInt64] = {
        let environment = ProcessInfo.processInfo.environment
        if let one = environment["TVSHELL_PROPERTY_SEED"].flatMap(UInt64.init) { return [one] }
        let count = environment["TVSHELL_PROPERTY_SESSIONS"].flatMap(Int.init) ?? 200
        return (0..<count).map { 0x7E5E_11 &+ UInt64($0) &* 7919 }
    }()
    static let stepsPerSession = 500

    @Test("200 sessions of 500 steps, half of them kiosks")
    func sessions() {
        var total = 0
        for (n, seed) in Self.seeds.enumerated() {
            let kiosk = n % 2 == 1
            let steps = SessionGenerator.steps(seed: seed, count: Self.stepsPerSession)
            total += steps.count
            guard let violation = SessionChecker.firstViolation(steps, kiosk: kiosk) else { continue }
            let shrunk = Self.shrink(steps, kiosk: kiosk)
            Issue.record("""
                seed \(seed) (kiosk \(kiosk)): \(violation)
                shrunk to \(shrunk.count) steps: \(shrunk)
                \(SessionChecker.firstViolation(shrunk, kiosk: kiosk) ?? "")
                replay: TVSHELL_PROPERTY_SEED=\(seed)
                """)
            return
        }
        #expect(total >= 100_000)
    }

    /// Removes chunks of `steps` while the violation stays.
    static func shrink(_ steps: [SessionStep], kiosk: Bool) -> [SessionStep] {
        var current = steps
        var chunk = max(1, current.count / 2)
        while chunk >= 1 {
            var start = 0
            var removed = false
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                if SessionChecker.firstViolation(candidate, kiosk: kiosk) != nil {
                    current = candidate
                    removed = true
                } else {
                    start += chunk
                }
            }
            if !removed { chunk /= 2 }
        }
        return current
    }
}
