import Catalog
import CPosix
import Foundation
import Library
import Logging
import MediaModel
import ShellCore
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The automation socket's requests and what they may ask of the shell.
/// Run-loop thread.
extension Shell {
    func handle(_ request: IPCRequest) {
        guard let ipc else { return }
        let reply = AutomationReply(via: "ipc") { [weak ipc] error, data in
            ipc?.reply(to: request.client, requestID: request.requestID, error: error ?? "success", data: error == nil ? data : nil)
        }
        let observations = mpvObservations
        let observed = MPVCommands.answer(request.command, reply: reply, host: self) { id, property, asText, state in
            if let property {
                observations?.observe(request.client, id: id, property: property, asText: asText, state: state)
            } else {
                observations?.unobserve(request.client, id: id)
            }
        }
        if !observed { AutomationRequests.answer(request.command, reply: reply, host: self) }
    }
}


extension Shell: AutomationHost {
    var automationState: ShellState { state }

    /// The presenter first tells the frames it has counted and not yet
    /// reported (one action, on the run loop, between actions), so
    /// `frames_presented` is exact.
    func stateReport() -> [String: Any] {
        presenter?.tellFrames()
        var report = StateReport.make(state,
                         picture: terminal.map { $0.picture == .cells ? $0.blitter.shape.rawValue : $0.picture.name } ?? "none",
                         sharedMemory: terminal?.picture.sharedMemory ?? false,
                         colors: terminal.map { [.direct: "direct", .palette256: "256", .palette16: "16"][$0.colorMode]! },
                         tolerance: terminal.flatMap { $0.picture == .cells && $0.colorMode == .direct ? $0.blitter.tolerance : nil },
                         video: configuration.video, tv: (presenter as? TVPresenter)?.report)
        if var sleep = report["sleep"] as? [String: Any], let end = state.sleep.endsAt {
            sleep["ends_in"] = max(0, ((end - MonotonicClock.now()) * 10).rounded() / 10)
            report["sleep"] = sleep
        }
        return report
    }

    func action(forKey name: String) -> Action? {
        KeyInput.action(forKey: name, state: state, keyMap: configuration.keyMap, at: MonotonicClock.now())
    }

    func send(_ action: Action, from source: String?) {
        if case .sleep = action {
            if let source { restrictions.inputSource = source }
        } else if let source {
            viewerInput(from: source)
        }
        dispatch(action)
    }

    /// mpv's properties that may be its file name for what plays (for a
    /// URL: its query, its account), redacted as they are read.
    static let fileNameProperties: Set<String> = ["filename", "filename/no-ext", "media-title"]

    func mpvProperty(_ name: String, in slot: PlayerSlot) -> Result<String, IPCCommandError> {
        guard let player = players[slot] else { return .failure(IPCCommandError("the \(slot.rawValue) player is not running")) }
        do {
            let value = try player.propertyString(name)
            guard Self.fileNameProperties.contains(name), let path = try? player.propertyString("path") else { return .success(value) }
            return .success(URLRedaction.redactingPlayerFileName(value, of: path))
        } catch {
            return .failure(IPCCommandError(error.message))
        }
    }

    func searchGuide(_ text: String, answer: @escaping (Result<[Programme], IPCCommandError>) -> Void) {
        let store = guidePlan?.store
        let held = state.guide.programmes
        guard store != nil || !held.isEmpty else {
            return answer(.failure(IPCCommandError("refused: there is no guide (the lineup names none and no --guide was given)")))
        }
        let limit = state.settings.searchLimit
        let from = Date().timeIntervalSince1970
        /// Carries `answer` (run-loop work) through the search's thread untouched.
        final class Answer: @unchecked Sendable {
            let call: (Result<[Programme], IPCCommandError>) -> Void
            init(_ call: @escaping (Result<[Programme], IPCCommandError>) -> Void) { self.call = call }
        }
        let answer = Answer(answer)
        let inbox = self.inbox
        DispatchQueue.global().async {
            let result: Result<[Programme], IPCCommandError>
            do {
                // Without a store, the guide held in memory (the demo's).
                result = .success(try store?.search(text, from: from, limit: limit)
                    ?? MemoryGuideQueries.search(held.allProgrammes, text, from: from, limit: limit))
            } catch {
                result = .failure(IPCCommandError("the stored guide cannot be searched: \(error)"))
            }
            inbox.post(work: { _ in answer.call(result) })
        }
    }

    func now() -> Instant { clock.now() }

    func playedItems(_ location: String, answer: @escaping (Result<[MediaItem], IPCCommandError>) -> Void) {
        let asked = playsAsked.next()
        let location = PlayedLocation.normalized(location)
        typealias Read = Result<[MediaItem], MediaFolder.Problem>
        func told(_ read: Read) -> Result<[MediaItem], IPCCommandError> {
            read.mapError { IPCCommandError("invalid parameter: \($0)") }
        }
        guard PlayedLocation.isLocal(location) else { return answer(told(PlayedLocation.items(for: location))) }
        let playing = store.state.currentItem?.id
        let finish = RunLoopCall<Read> { [self] read in
            if !playsAsked.isLatest(asked) { return answer(.failure(.playSuperseded)) }
            if store.state.currentItem?.id != playing { return answer(.failure(.playChosenMeanwhile)) }
            answer(told(read))
        }
        let inbox = self.inbox, requests = playsAsked
        DispatchQueue.global().async {
            let read = PlayedLocation.items(for: location) { !requests.isLatest(asked) }
            inbox.post(work: { _ in finish.call(read) })
        }
    }
}

