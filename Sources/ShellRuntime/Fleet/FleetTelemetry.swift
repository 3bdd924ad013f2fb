import Foundation
import MediaModel
import ShellCore

/// The retained state document a box publishes (`PREFIX/DEVICE/state`):
/// what an integrator's dashboard shows of each room. Restricted content is
/// named only "Restricted (RATING)" (`restrictedLabel`), and the whole
/// document goes through `FleetRedaction` before it leaves. Pure; any thread.
enum FleetTelemetry {
    /// Keys that change while something plays without anything else
    /// changing: published at most every `FleetPort.playingInterval`.
    static let moving: Set<String> = ["position", "uptime"]

    static func document(_ state: ShellState, device: String, groups: [String], version: String, uptime: Double) -> [String: Any] {
        let p = state.playback
        let item = state.currentItem
        let label = item.flatMap { state.restrictedLabel($0) } ?? (p.restricted ? "Restricted" : nil)
        var channel: Any = NSNull()
        if let item, let number = item.number {
            let name = label ?? item.title
            channel = ["number": number, "name": name, "option": HomeAssistantDiscovery.option(number: number, name: name),
                       "listed": HomeAssistantDiscovery.lists(item, in: state)] as [String: Any]
        }
        let health = state.current.flatMap { state.live.streamHealth[$0] }
        let recovery = state.live.recovery
        let error = state.error ?? (p.phase == .failed ? p.failure : nil)
        let title: Any = item == nil ? NSNull() : (label ?? state.title)
        return [
            "device": device,
            "groups": groups,
            "screen": state.screen.rawValue,
            "asleep": state.sleep.asleep,
            "screensaver": state.screensaver.showing,
            "channel": channel,
            "title": title,
            "phase": p.phase.rawValue,
            "playing": p.phase == .playing && !p.paused,
            "paused": p.paused,
            "live": state.isLive,
            "kiosk": state.kiosk,
            "restricted": label != nil,
            "rating": (label != nil ? StateReport.rating(state) : nil).map { $0 as Any } ?? NSNull(),
            "reconnecting": recovery.map { ["attempt": $0.attempt, "reason": $0.reason] as [String: Any] } ?? NSNull(),
            "health": [
                "stream": health?.stream ?? 0, "streams": item?.streamCount ?? 0,
                "last_failure": health?.lastFailure.map { $0 as Any } ?? NSNull(),
                "frames_dropped": p.framesDropped,
            ] as [String: Any],
            "error": error.map { ["title": label ?? $0.title, "reason": $0.reason] as [String: Any] } ?? NSNull(),
            "problem": recovery != nil || error != nil,
            "volume": Int((state.settings.volume * 100).rounded()),
            "muted": state.settings.muted,
            "message": state.chrome.message.map { $0 as Any } ?? NSNull(),
            "position": p.position.map { ($0 * 10).rounded() / 10 as Any } ?? NSNull(),
            "version": version,
            "uptime": Int(uptime),
        ]
    }
}

/// Replaces, in every string of a JSON value, the text that must not leave
/// the box (`ShellState.withheldTexts`: restricted titles and locations)
/// with what stands for it, and removes accounts from URLs. Pure; any thread.
struct FleetRedaction {
    let withheld: [(text: String, label: String)]

    init(_ state: ShellState) {
        withheld = state.withheldTexts()
    }

    func apply(_ value: Any) -> Any {
        IPCServer.mappingStrings(value, redact)
    }

    func redact(_ text: String) -> String {
        var result = text
        for (secret, label) in withheld where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: label)
        }
        return URLRedaction.redactingURLs(in: result)
    }
}
