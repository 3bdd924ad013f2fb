import Foundation
import MediaModel
import ShellCore

/// What answering automation requests needs from the shell.
/// Run-loop thread only.
protocol AutomationHost: AnyObject {
    /// The state as the store holds it.
    var automationState: ShellState { get }
    /// `get_state`'s data.
    func stateReport() -> [String: Any]
    /// What a key means now: text typed on the guide's search line, else
    /// the command it is bound to.
    func action(forKey name: String) -> Action?
    /// Hands `action` to the store; `source` names the input for the audit log.
    func send(_ action: Action, from source: String?)
    /// An mpv property as a string, or why not.
    func mpvProperty(_ name: String, in slot: PlayerSlot) -> Result<String, IPCCommandError>
    /// Searches the stored guide off the run loop; `answer` is called on
    /// the run loop with the programmes found, or why there are none.
    func searchGuide(_ text: String, answer: @escaping (Result<[Programme], IPCCommandError>) -> Void)
    /// The monotonic time, for actions.
    func now() -> Instant
    /// Shows `text` over every screen for `seconds` (nil text: takes it down).
    func showMessage(_ text: String?, seconds: Double)
    /// Reads the lineup at `location` off the run loop and plays it;
    /// `answer` is called on the run loop with the channels read, or why not.
    func switchLineup(_ location: String, answer: @escaping (Result<Int, IPCCommandError>) -> Void)
    /// Refreshes the stored guide from `location` from now on (in the
    /// background); an error when there is no guide store to keep it in.
    func switchGuide(_ location: String) -> IPCCommandError?
    /// Whether there is a recordings scheduler to take a recording.
    var recordingAvailable: Bool { get }
    /// The items for a location asked to play (`PlayedLocation.items`),
    /// handed to `answer` on the run loop: at once for a URL; for a local
    /// path once it is read off the run loop. A failure says why: a folder
    /// with no media, `playSuperseded` when a later play was asked for
    /// meanwhile (that one plays, not this), or `playChosenMeanwhile` when
    /// the item playing changed meanwhile (the viewer's choice stands).
    func playedItems(_ location: String, answer: @escaping (Result<[MediaItem], IPCCommandError>) -> Void)
}

/// Where one request's answer goes (the automation client that asked, the
/// MQTT reply topic), and who asked. Called once, on the run loop.
struct AutomationReply {
    /// The input's name for the audit log: "ipc" or "mqtt".
    let via: String
    let send: (_ error: String?, _ data: Any?) -> Void

    func callAsFunction(_ error: String? = nil, data: Any? = nil) { send(error, data) }
}

/// Answers one automation request: parses it (`IPCCommand`), turns it into
/// an action for the store, and replies. Nothing here writes the state.
enum AutomationRequests {
    /// Run-loop thread only.
    static func answer(_ request: [Any], reply: AutomationReply, host: AutomationHost) {
        let command: IPCCommand
        switch IPCCommand.parse(request) {
        case .failure(let error): return reply(error.message)
        case .success(let parsed): command = parsed
        }
        let state = host.automationState
        let promptUp = state.prompt != nil
        switch command {
        case .getState:
            reply(data: host.stateReport())
        case .keypress(let key):
            guard let action = host.action(forKey: key) else { return reply("invalid parameter: no binding for key \(key)") }
            // The passcode is typed on the box itself, never sent across a network.
            guard !(promptUp && reply.via == "mqtt") else { return reply("refused: the passcode prompt is up (the passcode is entered on the box)") }
            host.send(action, from: reply.via)
            reply()
        case .play(let location):
            guard !promptUp else { return reply(IPCCommandError.promptUp.message) }
            host.playedItems(location) { read in
                switch read {
                case .failure(let why): reply(why.message)
                case .success where host.automationState.prompt != nil: reply(IPCCommandError.promptUp.message)
                case .success(let items):
                    host.send(.playItems(items, at: host.now()), from: nil)
                    reply()
                }
            }
        case .channel(let number):
            guard let index = state.items.firstIndex(where: { $0.number == number }) else { return reply("invalid parameter: no channel \(number)") }
            guard !promptUp else { return reply(IPCCommandError.promptUp.message) }
            host.send(.playIndex(index, at: host.now()), from: nil)
            reply()
        case .catchup(let number, let start):
            guard let index = state.items.firstIndex(where: { $0.number == number && $0.isLive }) else { return reply("invalid parameter: no channel \(number)") }
            guard !promptUp else { return reply(IPCCommandError.promptUp.message) }
            switch ArchiveItem.make(state, index: index, start: start, now: Date().timeIntervalSince1970) {
            case .success(let item):
                host.send(.playItem(item, at: host.now()), from: nil)
                reply(data: ["id": item.id, "title": item.title] as [String: Any])
            case .failure(let refusal):
                reply("refused: \(refusal.message)")
            }
        case .getMPVProperty(let name, let slot):
            switch host.mpvProperty(name, in: slot) {
            case .success(let value): reply(data: value)
            case .failure(let error): reply(error.message)
            }
        case .guideSearch(let text):
            host.searchGuide(text) { result in
                switch result {
                case .success(let programmes):
                    let state = host.automationState
                    reply(data: state.searchResults(programmes).map { StateReport.programme(state, $0) })
                case .failure(let error):
                    reply(error.message)
                }
            }
        case .quit:
            guard !state.kiosk else { return reply("refused: kiosk mode") }
            reply()
            host.send(.quitRequested(.ipc), from: nil)
        case .message(let text, let seconds):
            host.showMessage(text, seconds: seconds)
            reply()
        case .lineup(let location):
            guard !promptUp else { return reply(IPCCommandError.promptUp.message) }
            host.switchLineup(location) { result in
                switch result {
                case .success(let count): reply(data: ["channels": count])
                case .failure(let error): reply(error.message)
                }
            }
        case .sleep(let choice):
            guard !state.kiosk else { return reply("refused: kiosk mode (its sleep is [sleep] daily)") }
            host.send(.sleep(choice, at: host.now()), from: reply.via)
            reply()
        case .guide(let location):
            if let error = host.switchGuide(location) { return reply(error.message) }
            reply()
        case .record(let number, let start, let seconds):
            guard let index = state.items.firstIndex(where: { $0.number == number && $0.isLive }) else { return reply("invalid parameter: no channel \(number)") }
            guard host.recordingAvailable else { return reply("refused: recording is not available here") }
            if let start, let seconds, start + seconds <= state.wallClock { return reply("refused: that time has passed") }
            if let start, start > state.wallClock + RecordRequest.furthestAhead { return reply("refused: a recording starts within a year") }
            if let seconds, seconds > RecordRequest.longest { return reply("refused: a recording lasts a week at most") }
            host.send(.recordRequested(index: index, start: start, seconds: seconds), from: nil)
            reply()
        case .multiview(let numbers):
            guard !promptUp else { return reply(IPCCommandError.promptUp.message) }
            guard let numbers else {
                guard state.multiview != nil else { return reply("refused: multiview is not up") }
                host.send(.multiview(nil, at: host.now()), from: nil)
                return reply()
            }
            var indices: [Int] = []
            for number in numbers {
                guard let index = state.items.firstIndex(where: { $0.number == number && $0.isLive }) else { return reply("invalid parameter: no channel \(number)") }
                indices.append(index)
            }
            if state.multiview != nil { host.send(.multiview(nil, at: host.now()), from: nil) }
            host.send(.multiview(indices.isEmpty ? nil : indices, at: host.now()), from: nil)
            reply()
        }
    }
}
