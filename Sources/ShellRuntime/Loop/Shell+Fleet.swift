import Catalog
import Foundation
import MediaModel
import ShellCore

/// The fleet's port (MQTT) and what its commands ask of the shell beyond
/// the socket's: a banner, another lineup, another guide. Run-loop thread.
extension Shell {
    func startFleet() {
        guard let settings = configuration.mqtt else { return }
        guard let port = FleetPort.start(settings, inbox: inbox, logger: logger, version: ShellVersion.current) else { return }
        port.host = self
        store.observe(port)
        automation.add(port)
        fleet = port
    }

    func showMessage(_ text: String?, seconds: Double) {
        dispatch(.showMessage(text, seconds: seconds))
    }

    /// Plays the lineup at `location` from now on (`LineupReducer`), kept
    /// fresh in place of the lineup it replaces (`lineupReplaced`). Logs and
    /// answers name a URL redacted: a provider's carries its account. The
    /// last switch asked for stands: one still being read when a later one
    /// is asked for is answered superseded, whichever is read first.
    func switchLineup(_ location: String, answer: @escaping (Result<Int, IPCCommandError>) -> Void) {
        let label = URLRedaction.redact(location)
        lineupSwitchesAsked += 1
        let asked = lineupSwitchesAsked
        typealias Read = Result<(items: [MediaItem], targets: [GuideTarget]), IPCCommandError>
        let finish = RunLoopCall<Read> { [self] result in
            guard asked == lineupSwitchesAsked else {
                let superseded = IPCCommandError("superseded: a later lineup switch was asked for while this one was read")
                logger.info("lineup \(label) not switched: \(superseded.message)")
                return answer(.failure(superseded))
            }
            switch result {
            case .success(let channels):
                // The prompt may have come up while the lineup was read: its
                // channel is named by an index the new lineup would change.
                guard state.prompt == nil else {
                    let refused = IPCCommandError.promptUp
                    self.logger.warning("lineup \(label) not switched: \(refused.message)")
                    return answer(.failure(refused))
                }
                self.logger.info("lineup switched to \(label): \(channels.items.count) items")
                dispatch(.open(channels.items.resolvingRatings(), at: MonotonicClock.now()))
                lineupReplaced(by: location, shown: channels.items)
                if var plan = guidePlan {
                    plan.targets = channels.targets
                    plan.lineupLocation = location
                    updateGuide(plan)
                }
                answer(.success(channels.items.count))
            case .failure(let error):
                self.logger.warning("\(error.message)")
                answer(.failure(error))
            }
        }
        let inbox = self.inbox
        let log = self.logger
        DispatchQueue.global().async {
            let result: Read
            do {
                let parsed = InputLoader.parseLineup(try InputLoader.lineup(location), from: location) ?? Lineup()
                for problem in parsed.problems.prefix(20) { log.warning("\(label): \(problem)") }
                let channels = parsed.playableChannels()
                result = channels.items.isEmpty ? .failure(IPCCommandError("no channels in the lineup \(label)"))
                    : .success((MediaFolder.lineupSidecars(channels.items), channels.targets))
            } catch {
                result = .failure(IPCCommandError("the lineup cannot be read: " + URLRedaction.redactingURLs(in: "\(error)")))
            }
            inbox.post(work: { _ in finish.call(result) })
        }
    }

    var recordingAvailable: Bool { recordings != nil }

    /// The guide from `location` from now on: the store refreshed from it
    /// (a box that kept no store starts one at its place, `[guide] store`
    /// or the default, for the lineup's live channels).
    func switchGuide(_ location: String) -> IPCCommandError? {
        var plan = guidePlan ?? GuidePlan.fresh(for: state.items, sources: [], storePath: configuration.guideStorePath)
        guard !plan.targets.isEmpty else { return IPCCommandError("refused: this lineup has no live channels to keep a guide for") }
        plan.sources = [location]
        logger.info("guide source switched to \(URLRedaction.redact(location)); refreshing")
        updateGuide(plan)
        return nil
    }

    /// Adds the guide targets the store's plan lacks (by key) and refreshes
    /// the store for them: channels a refreshed lineup gained
    /// (`lineupRefreshApplier`). Run loop.
    func addGuideTargets(_ targets: [GuideTarget]) {
        guard var plan = guidePlan else { return }
        var known = Set(plan.targets.map(\.key))
        let new = targets.filter { known.insert($0.key).inserted }
        guard !new.isEmpty else { return }
        plan.targets += new
        logger.info("guide: \(new.count) channel\(new.count == 1 ? "" : "s") more to fetch programmes for")
        updateGuide(plan)
    }

    /// Gives the guide's thread `plan` (it refreshes as soon as the refresh
    /// under way ends when the sources or channels changed), or starts one
    /// for it.
    func updateGuide(_ plan: GuidePlan) {
        if guidePlan == nil { recordings?.useGuide(plan.store) }
        guidePlan = plan
        effects.guide = GuideReader(store: plan.store, inbox: inbox, logger: logger)
        if let guideService {
            guideService.replace(plan)
        } else {
            guideService = GuideService(plan: plan, inbox: inbox, logger: logger)
            guideService?.start()
        }
    }
}

/// A closure made on the run loop, carried through another thread untouched
/// and called back on the run loop (through the inbox).
final class RunLoopCall<Value>: @unchecked Sendable {
    let call: (Value) -> Void
    init(_ call: @escaping (Value) -> Void) { self.call = call }
}

/// tvshell's version, as `--version` and the fleet's state give it.
public enum ShellVersion {
    public static let current = "0.7.0"
}
