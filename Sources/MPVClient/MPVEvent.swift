import CMPV

/// Why a playlist entry ended (`mpv_end_file_reason`).
public enum EndFileReason: Equatable, Sendable {
    case eof, stop, quit, error, redirect, unknown(Int32)

    init(_ raw: mpv_end_file_reason) {
        switch raw {
        case MPV_END_FILE_REASON_EOF: self = .eof
        case MPV_END_FILE_REASON_STOP: self = .stop
        case MPV_END_FILE_REASON_QUIT: self = .quit
        case MPV_END_FILE_REASON_ERROR: self = .error
        case MPV_END_FILE_REASON_REDIRECT: self = .redirect
        default: self = .unknown(Int32(bitPattern: raw.rawValue))
        }
    }
}

/// One libmpv event, copied into Swift values so it outlives the next
/// `mpv_wait_event`.
public enum MPVEvent: Equatable, Sendable {
    case startFile(entryID: Int64)
    case fileLoaded
    case endFile(entryID: Int64, reason: EndFileReason, error: MPVError?)
    case seek
    case playbackRestart
    case idle
    case videoReconfig
    case audioReconfig
    case propertyChange(ObservedProperty, PropertyValue)
    case logMessage(level: String, prefix: String, text: String)
    case shutdown
    /// mpv stopped at a hook registered with `addHook`; it waits for
    /// `continueHook(id)`.
    case hook(name: String, id: UInt64)
    /// `script-message` arguments (a key bound in mpv's window, for the TV output).
    case clientMessage([String])
    /// An asynchronous command made with a nonzero `userdata` ended: its
    /// error, and the playlist entry a `loadfile` made.
    case commandReply(userdata: UInt64, error: MPVError?, entryID: Int64?)
    case other(String)

    /// Copies `event`; call before the next `mpv_wait_event`.
    init(_ event: UnsafePointer<mpv_event>) {
        let e = event.pointee
        switch e.event_id {
        case MPV_EVENT_START_FILE:
            let data = e.data.assumingMemoryBound(to: mpv_event_start_file.self).pointee
            self = .startFile(entryID: data.playlist_entry_id)
        case MPV_EVENT_FILE_LOADED:
            self = .fileLoaded
        case MPV_EVENT_END_FILE:
            let data = e.data.assumingMemoryBound(to: mpv_event_end_file.self).pointee
            let reason = EndFileReason(data.reason)
            let error = data.error < 0 ? MPVError(code: data.error, call: "loadfile") : nil
            self = .endFile(entryID: data.playlist_entry_id, reason: reason, error: error)
        case MPV_EVENT_SEEK:
            self = .seek
        case MPV_EVENT_PLAYBACK_RESTART:
            self = .playbackRestart
        case MPV_EVENT_IDLE:
            self = .idle
        case MPV_EVENT_VIDEO_RECONFIG:
            self = .videoReconfig
        case MPV_EVENT_AUDIO_RECONFIG:
            self = .audioReconfig
        case MPV_EVENT_PROPERTY_CHANGE:
            let data = e.data.assumingMemoryBound(to: mpv_event_property.self).pointee
            if let property = ObservedProperty(rawValue: Int(e.reply_userdata)) {
                self = .propertyChange(property, PropertyValue(format: data.format, data: data.data))
            } else {
                self = .other("property \(String(cString: data.name))")
            }
        case MPV_EVENT_LOG_MESSAGE:
            let data = e.data.assumingMemoryBound(to: mpv_event_log_message.self).pointee
            self = .logMessage(
                level: String(cString: data.level),
                prefix: String(cString: data.prefix),
                text: String(cString: data.text)
            )
        case MPV_EVENT_SHUTDOWN:
            self = .shutdown
        case MPV_EVENT_CLIENT_MESSAGE:
            let data = e.data.assumingMemoryBound(to: mpv_event_client_message.self).pointee
            var arguments: [String] = []
            for i in 0..<Int(data.num_args) {
                if let arg = data.args[i] { arguments.append(String(cString: arg)) }
            }
            self = .clientMessage(arguments)
        case MPV_EVENT_COMMAND_REPLY where e.reply_userdata != 0:
            let error = e.error < 0 ? MPVError(code: e.error, call: "command") : nil
            let result = e.data?.assumingMemoryBound(to: mpv_event_command.self).pointee.result
            self = .commandReply(userdata: e.reply_userdata, error: error, entryID: result.flatMap { MPVHandle.int64(in: $0, key: "playlist_entry_id") })
        case MPV_EVENT_HOOK:
            let data = e.data.assumingMemoryBound(to: mpv_event_hook.self).pointee
            self = .hook(name: String(cString: data.name), id: data.id)
        default:
            self = .other(String(cString: mpv_event_name(e.event_id)))
        }
    }
}
