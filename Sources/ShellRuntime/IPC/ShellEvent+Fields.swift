import Foundation
import ShellCore

extension ShellEvent {
    /// The event's fields as automation clients get them (beside `"event"`).
    var fields: [String: Any] {
        switch self {
        case .playbackStarted(let title, let url):
            return ["title": title, "url": url]
        case .error(let title, let reason, let url):
            return ["title": title, "reason": reason, "url": url ?? NSNull()]
        case .endFile(let url):
            return ["url": url]
        case .flipStarted(let target):
            return ["target": Self.json(target)]
        case .flipCompleted(let target, let success, let superseded):
            var fields: [String: Any] = ["target": Self.json(target), "success": success]
            if superseded { fields["superseded"] = true }
            return fields
        case .restrictionsAuthorizationRequested(let item, let rating):
            return ["title": item.title, "id": item.id, "rating": rating ?? NSNull()]
        case .restrictionsAuthorization(let item, let rating, let granted, let reason):
            var fields: [String: Any] = ["title": item.title, "id": item.id, "rating": rating ?? NSNull(), "granted": granted]
            if let reason { fields["reason"] = reason }
            return fields
        case .restrictionsChanged(let policy, let passcodeChanged, let stopped):
            return [
                "mode": policy.mode.rawValue, "effective_mode": policy.effectiveMode.rawValue, "movies": policy.movies.label,
                "tv": policy.tv.label, "unrated": policy.unrated.rawValue, "passcode_set": policy.hasPasscode,
                "passcode_changed": passcodeChanged,
                "stopped": stopped.map { ["what": $0.place.rawValue, "id": $0.id, "title": $0.title, "rating": $0.rating] },
            ]
        case .pipStarted(let item), .pipRestored(let item):
            return ["title": item.title, "id": item.id, "url": item.url]
        case .pipStopped(let item, let reason):
            return ["title": item.title, "id": item.id, "url": item.url, "reason": reason]
        case .contextualActionShown(let title, let id, let target):
            return ["title": title, "id": id, "target": target.map { $0 as Any } ?? NSNull()]
        case .contextualAction(let id, let automatic):
            return ["id": id, "automatic": automatic]
        case .contentProposalPresented(let title, let id):
            return ["title": title, "id": id]
        case .contentProposal(let id, let outcome):
            return ["id": id, "outcome": outcome, outcome: true]
        case .interstitialStarted(let start, let end), .interstitialFinished(let start, let end):
            return ["start": start, "end": end]
        case .streamSwitched(let channel, let from, let to, let count, let reason, let url):
            return ["channel": Self.json(channel), "from": from, "to": to, "count": count, "reason": reason, "url": url]
        case .multiviewStarted(let channels):
            return ["channels": channels]
        case .multiviewStopped(let channel):
            return ["channel": channel.map { $0 as Any } ?? NSNull()]
        case .recordingStarted(let recording), .recordingFinished(let recording), .recordingFailed(let recording):
            return Self.json(recording)
        }
    }

    /// A recording as events and `get_state.recordings` show it.
    static func json(_ recording: RecordingInfo) -> [String: Any] {
        ["id": recording.id, "channel": recording.channel.map { $0 as Any } ?? NSNull(), "channel_name": recording.channelName,
         "title": recording.title, "start": recording.start, "end": recording.end, "status": recording.status.rawValue,
         "reason": recording.reason.map { $0 as Any } ?? NSNull(), "bytes": recording.bytes, "duration": recording.duration,
         "series": recording.series, "rating": recording.rating.map { $0 as Any } ?? NSNull(), "held_to": recording.ratingsHeldTo.map(\.code),
         "path": recording.path.map { $0 as Any } ?? NSNull()]
    }

    private static func json(_ channel: ChannelRef) -> [String: Any] {
        ["number": channel.number.map { $0 as Any } ?? NSNull(), "name": channel.name, "id": channel.id]
    }
}
