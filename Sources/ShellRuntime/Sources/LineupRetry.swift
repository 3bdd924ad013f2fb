import Catalog
import Foundation
import Logging
import MediaModel

/// Reads again, on a thread of its own, a lineup the shell started from its
/// kept copy (`LineupCopy`) because its server could not be reached: after
/// 15 s, then twice as long each time, at most 10 minutes apart, until it
/// answers. Its answer is kept as the new copy and, when its channels
/// differ from those shown, handed to `apply` (the ids of the items shown
/// from the copy, the lineup's items and guide targets: the running shell
/// shows them once the viewer is only watching or browsing,
/// `ShellControl.refreshItems`, and fetches the guide of channels it
/// gained); `tell` gets the message for the screen. Start it once per
/// lineup; it ends once the server has answered with a lineup.
public final class LineupRetry: Sendable {
    let location: String
    let copy: LineupCopy
    let logger: Logger
    let firstDelay: Double
    let tell: @Sendable (String) -> Void
    let apply: @Sendable (_ replacing: Set<String>, _ items: [MediaItem], _ targets: [GuideTarget]) -> Void

    /// `firstDelay`: seconds before the first try (15; tests give less).
    public init(location: String, copy: LineupCopy, logger: Logger, firstDelay: Double = 15, tell: @escaping @Sendable (String) -> Void,
                apply: @escaping @Sendable (_ replacing: Set<String>, _ items: [MediaItem], _ targets: [GuideTarget]) -> Void) {
        self.location = location
        self.copy = copy
        self.logger = logger
        self.firstDelay = firstDelay
        self.tell = tell
        self.apply = apply
    }

    /// `shown`: the lineup's items the shell shows, from the copy.
    public func start(shown: [MediaItem]) {
        let thread = Thread { [self] in run(shown: shown) }
        thread.name = "lineup retry"
        thread.start()
    }

    /// Seconds before try `attempt` (1 or more).
    static func delay(attempt: Int, first: Double) -> Double {
        min(600, first * pow(2, Double(min(20, max(0, attempt - 1)))))
    }

    private func run(shown: [MediaItem]) {
        let label = URLRedaction.redact(location)
        var attempt = 1
        while true {
            Thread.sleep(forTimeInterval: Self.delay(attempt: attempt, first: firstDelay))
            let data: Data
            do {
                data = try InputLoader.load(location)
            } catch {
                logger.info("lineup \(label) still cannot be read (\(Self.reason(error))); trying again in \(Int(Self.delay(attempt: attempt + 1, first: firstDelay))) s")
                attempt += 1
                continue
            }
            let parsed = M3UParser.parse(InputLoader.text(data))
            guard !parsed.channels.isEmpty else {
                logger.warning("lineup \(label) answered with no channels; the kept copy stays shown")
                attempt += 1
                continue
            }
            do {
                try copy.keep(data, for: location)
            } catch {
                logger.warning("lineup \(label): its copy cannot be kept: \(error)")
            }
            let (items, targets) = parsed.playableChannels()
            if items == shown {
                logger.info("lineup \(label) read again: the same as the kept copy")
            } else {
                logger.info("lineup \(label) read again: \(items.count) channels, shown once the viewer is only watching or browsing")
                apply(Set(shown.map(\.id)), items, targets)
                tell("The lineup could be read again: its channels are up to date")
            }
            return
        }
    }

    /// The reason in an `InputLoader.Failure`, without its location (which
    /// the log names redacted).
    static func reason(_ error: Error) -> String {
        (error as? InputLoader.Failure)?.reason ?? "\(error)"
    }
}
