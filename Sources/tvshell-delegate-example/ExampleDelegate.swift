import Dispatch
import MediaModel
import Synchronization
import ShellCore
import ShellRuntime

/// A delegate as an embedding program might write one: its own interstitial,
/// completions from another thread (and, carelessly, twice), and one channel
/// it never answers for.
final class ExampleDelegate: ShellDelegate {
    /// The channel number this delegate never completes (the shell times out).
    let silentChannel = 3

    func skipToNextChannel(_ shell: ShellControl, request: FlipRequest, completion: @escaping @Sendable (Bool) -> Void) {
        flip(shell, request, completion)
    }

    func skipToPreviousChannel(_ shell: ShellControl, request: FlipRequest, completion: @escaping @Sendable (Bool) -> Void) {
        flip(shell, request, completion)
    }

    func nextChannelInterstitial(_ shell: ShellControl, target: MediaItem) -> ChannelInterstitial? {
        ChannelInterstitial(title: "Example: \(target.title)", subtitle: "next channel", lines: ["provided by the delegate"])
    }

    func previousChannelInterstitial(_ shell: ShellControl, target: MediaItem) -> ChannelInterstitial? {
        ChannelInterstitial(title: "Example: \(target.title)", subtitle: "previous channel", lines: ["provided by the delegate"])
    }

    /// The example's own swipe-up overlay: one item that tunes channel A,
    /// one that plays a film rated R once authorized.
    func installOverlay(on shell: ShellControl) {
        shell.setCustomOverlay([
            OverlayItem(title: "Back to Channel A", subtitle: "from the example", activation: .custom("back-to-a")),
            OverlayItem(title: lateFilm.title, subtitle: "rated R: asks first", activation: .custom("late-film")),
        ])
    }

    func customOverlayActivated(_ shell: ShellControl, id: String) {
        switch id {
        case "back-to-a":
            shell.replaceContent(with: channelA, completion: nil)
        case "late-film":
            playAfterAuthorization(lateFilm, shell)
        default:
            break
        }
    }

    /// A film only the passcode unlocks.
    let lateFilm = MediaItem(id: "example.late-film", title: "Late Film", url: "av://lavfi:smptebars=size=320x180:rate=25:duration=600", rating: "R")

    /// Asks for the passcode before presenting `item` (as an app calls
    /// `requestPlaybackRestrictionsAuthorization` before presenting its
    /// player), then plays it on the run loop only if granted.
    private func playAfterAuthorization(_ item: MediaItem, _ shell: ShellControl) {
        let authorizer = shell.restrictionsAuthorizer
        let runLoop = shell.runLoop
        Task {
            let result = await authorizer.requestPlaybackRestrictionsAuthorization(for: item)
            runLoop.perform { shell in
                if result == .granted { shell.replaceContent(with: item, completion: nil) }
            }
        }
    }

    /// Whether the restore from picture in picture is answered
    /// (`--restore never` leaves it unanswered: the shell cuts it off).
    var answersRestore = true

    /// Puts its interface back (nothing to do here) and answers from
    /// another thread, a moment later, as a real program might.
    func restoreUserInterfaceForPictureInPictureStop(_ shell: ShellControl, completion: @escaping @Sendable (Bool) -> Void) {
        guard answersRestore else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { completion(true) }
    }

    /// Set by main: the first channel.
    var channelA = MediaItem(title: "", url: "")

    /// How a flip is answered when `--soak SEED` chose at random.
    enum Answer: CaseIterable { case atOnce, late, twice, never }

    /// The seeded choice of answers for `--soak`; nil answers as above.
    let randomAnswers = Mutex<SoakRandom?>(nil)

    private func flip(_ shell: ShellControl, _ request: FlipRequest, _ completion: @escaping @Sendable (Bool) -> Void) {
        if let (answer, delay) = randomAnswers.withLock({ $0?.next() }) {
            return flip(shell, request, answer: answer, delay: delay, completion)
        }
        guard request.target.number != silentChannel else { return }
        shell.replaceContent(with: request.target) { started in
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
                completion(started)
                completion(started)
            }
        }
    }

    /// A flip answered as `--soak` drew: at once on the run loop, from
    /// another thread `delay` seconds later, twice, or never (the shell's
    /// flip timeout ends it).
    private func flip(_ shell: ShellControl, _ request: FlipRequest, answer: Answer, delay: Double,
                      _ completion: @escaping @Sendable (Bool) -> Void) {
        shell.replaceContent(with: request.target) { started in
            switch answer {
            case .atOnce: completion(started)
            case .late: DispatchQueue.global().asyncAfter(deadline: .now() + delay) { completion(started) }
            case .twice:
                completion(started)
                DispatchQueue.global().asyncAfter(deadline: .now() + delay) { completion(!started) }
            case .never: break
            }
        }
    }
}

/// A small seeded generator for `--soak` (xorshift), so a run replays.
struct SoakRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

    /// The next answer and a delay of up to 2 s.
    mutating func next() -> (ExampleDelegate.Answer, Double) {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        let answers = ExampleDelegate.Answer.allCases
        return (answers[Int(state % UInt64(answers.count))], Double((state >> 8) % 2000) / 1000)
    }
}
