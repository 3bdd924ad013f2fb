import MediaModel
import ShellCore
import ShellRuntime
import ShellTesting
import Testing
import Synchronization

let tvMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
let tvPG = ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)
let tvG = ContentRating(system: "us-tv", code: "TV-G", rank: 300, media: .tv)

/// The demo's shape: four live channels, the fourth rated TV-MA.
let lineup: [MediaItem] = [
    MediaItem(id: "kids", title: "Kids", url: "av://lavfi:kids", isLive: true, number: 1, rating: "TV-G", contentRating: tvG),
    MediaItem(id: "news", title: "News", url: "av://lavfi:news", isLive: true, number: 2),
    MediaItem(id: "bars", title: "Bars", url: "av://lavfi:bars", isLive: true, number: 3),
    MediaItem(id: "late", title: "Late Night", url: "av://lavfi:late", isLive: true, number: 4, rating: "TV-MA", contentRating: tvMA),
]

/// Restrictions as a parent sets them: `set --tv TV-PG`, mode passcode.
func restricted(_ items: [MediaItem] = lineup, kiosk: Bool = false) -> ShellState {
    let policy = RestrictionPolicy(mode: .passcode, tv: .upTo(tvPG), hasPasscode: true)
    return ShellState(items: items, kiosk: kiosk, restrictions: RestrictionsState(policy: policy))
}

/// A shell playing channel `number`, the player having started it.
func watching(_ number: Int, delegate: ShellDelegate? = nil, state: ShellState = restricted()) -> EmbeddedShell {
    let shell = EmbeddedShell(state, delegate: delegate)
    shell.send(.wallClock(shell.clock.wallClock(), at: shell.clock.now()))
    shell.send(.playIndex(number - 1, at: shell.clock.now()))
    shell.playerStarts()
    return shell
}

/// A delegate that replaces the content and answers as told: at once, later
/// (from another thread, when the test says), twice, or never.
final class ScriptedDelegate: ShellDelegate {
    enum Answer { case atOnce, later, twice, never, withoutReplacing }
    let answer: Answer
    /// Completions kept for `.later`.
    let kept = Mutex<[@Sendable (Bool) -> Void]>([])
    private(set) var asked = 0

    init(_ answer: Answer) { self.answer = answer }

    func skipToNextChannel(_ shell: ShellControl, request: FlipRequest, completion: @escaping @Sendable (Bool) -> Void) {
        flip(shell, request, completion)
    }

    func skipToPreviousChannel(_ shell: ShellControl, request: FlipRequest, completion: @escaping @Sendable (Bool) -> Void) {
        flip(shell, request, completion)
    }

    private func flip(_ shell: ShellControl, _ request: FlipRequest, _ completion: @escaping @Sendable (Bool) -> Void) {
        asked += 1
        if answer != .withoutReplacing { shell.replaceContent(with: request.target, completion: nil) }
        switch answer {
        case .atOnce: completion(true)
        case .twice:
            completion(true)
            completion(false)
        case .later: kept.withLock { $0.append(completion) }
        case .never, .withoutReplacing: break
        }
    }

    /// Calls the kept completions from another thread, and waits for it.
    func answerLater(_ success: Bool) {
        let completions = kept.withLock { taken in
            defer { taken.removeAll() }
            return taken
        }
        let done = DispatchSemaphore(value: 0)
        Thread {
            for completion in completions { completion(success) }
            done.signal()
        }.start()
        done.wait()
    }
}

import Foundation
