import MediaModel
import ShellCore
import ShellTesting
import Testing

/// Sessions the property test once shrunk to a violation, kept so each
/// stays fixed.
@Suite("Store properties: sessions that once failed")
struct StoreRegressionTests {
    @Test("a file rated over the limit found while flipping away from it is stopped, not asked for; the failed flip leaves the screen alone")
    func heldWhileFlippingAway() {
        let steps: [SessionStep] = [.press(.left), .delegateAnswers(.later), .report(.playing), .report(.preloaded(ratings: [tvMA])), .advance(30)]
        #expect(SessionChecker.firstViolation(steps, kiosk: false) == nil)
    }

    @Test("ESC on a prompt raised after a flip failed does not tell the flip's end again")
    func promptAfterFailedFlip() {
        let steps: [SessionStep] = [.ipcPlay, .delegateAnswers(.never), .press(.channelUp), .advance(10.5), .report(.preloaded(ratings: [tvMA])), .press(.menu)]
        #expect(SessionChecker.firstViolation(steps, kiosk: false) == nil)
    }

    @Test("ESC back to a restricted channel asks for its code again")
    func escapeToRestrictedOrigin() {
        let steps: [SessionStep] = [
            .press(.channelUp), .advance(0.12), .code("1234"), .press(.right), .delegateAnswers(.never), .advance(10.5),
            .report(.preloaded(ratings: [tvMA])), .press(.menu),
        ]
        #expect(SessionChecker.firstViolation(steps, kiosk: false) == nil)
    }

    @Test("deny mode turned on over a prompt raised after a flip failed refuses it without telling the flip's end again")
    func denyAfterFailedFlip() {
        let steps: [SessionStep] = [
            .delegateAnswers(.later), .press(.channelDown), .answerKept(false), .report(.preloaded(ratings: [tvMA])),
            .restrictionsChanged(RestrictionsChange(policy: RestrictionPolicy(mode: .deny, tv: .upTo(tvPG), hasPasscode: true), passcodeChanged: true)),
        ]
        #expect(SessionChecker.firstViolation(steps, kiosk: false) == nil)
    }

    @Test("restrictions turned off (with a new passcode) while a granted load has failed: its flags follow, and its hold is let go as unrestricted")
    func offAfterFailedGrantedLoad() {
        let steps: [SessionStep] = [
            .press(.left), .code("1234"), .report(.failed(reason: "loading failed")),
            .restrictionsChanged(RestrictionsChange(policy: RestrictionPolicy(mode: .off, tv: .upTo(tvPG), hasPasscode: true), passcodeChanged: true)),
            .report(.preloaded(ratings: [])),
        ]
        #expect(SessionChecker.firstViolation(steps, kiosk: true) == nil)
    }

    @Test("SIGINT never quits a kiosk, also after the admin quit one before")
    func kioskInterrupt() {
        let steps: [SessionStep] = [.press(.quit), .code("1234"), .quitRequested(.interrupt), .quitRequested(.key), .quitRequested(.ipc)]
        #expect(SessionChecker.firstViolation(steps, kiosk: true) == nil)
    }
}
