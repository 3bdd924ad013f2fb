import MediaModel
import ShellCore

/// The `get_state` reply: PRODUCT.md's fields, as JSON-ready values. Never
/// carries anything typed at a prompt.
enum StateReport {
    static func channelJSON(_ item: MediaItem) -> [String: Any] {
        ["number": item.number.map { $0 as Any } ?? NSNullValue.null, "name": item.title, "id": item.id]
    }

    /// The guide screen: list or grid, the focused channel and programme
    /// (masked as the screen masks it), and the focus time.
    static func guide(_ state: ShellState) -> Any {
        guard state.screen == .guide, !state.items.isEmpty else { return NSNullValue.null }
        let channel: Int, time: Double, programme: Programme?
        if let grid = state.guide.grid {
            channel = grid.channel
            time = grid.time
            programme = GuideGridReducer.focused(state, grid).programme
        } else {
            channel = min(state.navigation.homeSelection, state.items.count - 1)
            time = state.wallClock
            programme = state.nowNext(state.items[channel]).now
        }
        let item = state.items[channel]
        let shown = programme.map { state.shown($0, on: item) }
        return [
            "mode": state.guide.grid == nil ? "list" : "grid",
            "focus": [
                "channel": item.number.map { $0 as Any } ?? item.title, "start": shown.map { $0.start as Any } ?? NSNullValue.null,
                "title": shown.map { $0.title as Any } ?? NSNullValue.null,
            ] as [String: Any],
            "time": time,
            "search": state.guide.search.map { search in
                ["text": search.text, "searching": search.searching, "focus": search.focus,
                 "items": search.items.filter(state.items.indices.contains).map { index in
                     Self.channelJSON(state.items[index]).merging(["live": state.items[index].isLive]) { $1 }
                 },
                 "results": search.results.map { Self.programme(state, $0) },
                 "keyboard": search.onKeyboard ? Self.onScreenKey(search.key) : NSNullValue.null] as [String: Any]
            } ?? NSNullValue.null,
        ] as [String: Any]
    }

    /// The search line's on-screen key at `index` as replies name it: the
    /// character, "space" or "delete".
    static func onScreenKey(_ index: Int) -> String {
        switch OnScreenKey.all[min(max(0, index), OnScreenKey.all.count - 1)] {
        case .character(let c): String(c)
        case .space: "space"
        case .delete: "delete"
        }
    }

    /// A programme of the guide as replies give it (`guide_search`, search
    /// results): its channel's number and name, times, title, episode.
    static func programme(_ state: ShellState, _ programme: Programme) -> [String: Any] {
        let item = state.itemIndex(guideChannel: programme.channel).map { state.items[$0] }
        return [
            "channel": item?.number.map { $0 as Any } ?? NSNullValue.null, "channel_name": item?.title ?? programme.channel,
            "start": programme.start, "stop": programme.stop.map { $0 as Any } ?? NSNullValue.null, "title": programme.title,
            "subtitle": programme.subtitle.map { $0 as Any } ?? NSNullValue.null,
            "episode": programme.episode.map { $0 as Any } ?? NSNullValue.null,
        ]
    }

    /// Favourite channels: key, and number and name when in this lineup.
    static func favourites(_ state: ShellState) -> [[String: Any]] {
        state.guide.favourites.sorted().map { key in
            let item = state.items.first { $0.channelKey == key }
            return ["key": key, "channel": item?.number.map { $0 as Any } ?? NSNullValue.null,
                    "name": item.map { $0.title as Any } ?? NSNullValue.null]
        }
    }

    static func reminder(_ state: ShellState, _ reminder: Reminder) -> [String: Any] {
        let item = state.itemIndex(guideChannel: reminder.channel).map { state.items[$0] }
        return ["channel": item?.number.map { $0 as Any } ?? NSNullValue.null, "channel_name": item?.title ?? reminder.channelName,
                "start": reminder.start, "title": reminder.title]
    }

    /// The strictest rating known for what is (about to be) played.
    static func rating(_ state: ShellState) -> String? {
        let ratings = state.prompt?.ratings ?? state.playback.ratings
        return state.restrictions.policy.reason(ratings)?.code ?? state.currentItem?.rating
    }

    static func restricted(_ state: ShellState) -> Bool {
        state.prompt != nil || state.playback.restricted
    }

    /// Not restricted, or the passcode was given for the current load.
    static func authorized(_ state: ShellState) -> Bool {
        if state.prompt != nil { return false }
        guard state.playback.restricted else { return true }
        guard let grant = state.restrictions.grant, let item = state.currentItem else { return false }
        return grant.itemID == item.id && grant.token == state.playback.token
    }

    /// The prompt's state: lockout and counter, never what was typed.
    static func passcode(_ state: ShellState) -> Any {
        guard let prompt = state.prompt else { return NSNullValue.null }
        let r = state.restrictions
        let left = r.lockedUntil.map { max(0, ($0 - state.wallClock).rounded(.up)) } ?? 0
        return [
            "locked": r.isLocked(at: state.wallClock), "locked_seconds": left, "failures": r.failures,
            "checking": prompt.checking != nil, "message": prompt.message.map { $0 as Any } ?? NSNullValue.null,
        ] as [String: Any]
    }

    /// `get_state.restrictions`: the parental settings in force (never the
    /// passcode): mode, the limits' labels, unrated content, a passcode set.
    static func restrictions(_ state: ShellState) -> [String: Any] {
        let policy = state.restrictions.policy
        return [
            "mode": policy.mode.rawValue, "effective_mode": policy.effectiveMode.rawValue, "movies": policy.movies.label,
            "tv": policy.tv.label, "unrated": policy.unrated.rawValue, "passcode_set": policy.hasPasscode,
        ]
    }

    /// `get_state.pip`: what plays in the picture, or null. `corner` is
    /// where it is drawn (the corner asked for until the first drawing);
    /// `hidden`: no place was free of the screen's panels.
    static func picture(_ state: ShellState) -> Any {
        guard let pip = state.picture.pip, let item = state.pictureItem else { return NSNullValue.null }
        let p = pip.playback
        let live = item.isLive || (p.phase == .playing && !p.seekable && p.duration == nil)
        return [
            "title": item.title, "id": item.id, "url": item.url, "corner": (pip.spot?.corner ?? pip.corner).rawValue,
            "hidden": pip.spot.map { $0.corner == nil } ?? false, "paused": p.paused,
            "position": p.position.map { $0 as Any } ?? NSNullValue.null, "live": live, "muted": pip.muted,
            "frames_presented": p.framesPresented, "restoring": pip.restoring,
            "blocked": pip.blocked.map { $0 as Any } ?? NSNullValue.null,
        ] as [String: Any]
    }

    /// `get_state.preview`: the guide's preview, or null. A restricted
    /// channel's title is given (it is in the guide's list anyway); nothing
    /// of it is loaded.
    static func preview(_ state: ShellState) -> Any {
        guard let preview = state.picture.preview, state.items.indices.contains(preview.index) else { return NSNullValue.null }
        let item = state.items[preview.index]
        return [
            "id": item.id, "title": item.title, "restricted": preview.restricted != nil,
            "rating": preview.restricted.map { $0 as Any } ?? NSNullValue.null,
            "withheld": preview.withheld.map { $0 as Any } ?? NSNullValue.null,
            "phase": preview.playback.phase.rawValue, "frames_presented": preview.playback.framesPresented,
        ] as [String: Any]
    }

    /// `get_state.alternate`: the current item's stream in use (0: the
    /// lineup's first) of how many, with its last failure; null with nothing current.
    static func alternate(_ state: ShellState) -> Any {
        guard let index = state.current else { return NSNullValue.null }
        let health = state.live.streamHealth[index]
        var report: [String: Any] = ["index": health?.stream ?? 0, "count": state.items[index].streamCount]
        if let health, let failure = health.lastFailure {
            report["last_failure"] = ["stream": health.lastFailedStream ?? 0, "reason": failure,
                                      "at": health.failedAt.map { $0 as Any } ?? NSNullValue.null] as [String: Any]
        }
        return report
    }

    /// The programme an archive item is: its channel's number, start and stop.
    static func archive(_ state: ShellState) -> Any {
        guard let archive = state.currentItem?.archive else { return NSNullValue.null }
        let number = state.items.first { $0.id == archive.channelID && $0.isLive }?.number
        return ["channel": number.map { $0 as Any } ?? NSNullValue.null, "start": archive.start, "stop": archive.stop] as [String: Any]
    }

    /// The scheduler's list by status (`scheduled` includes those waiting
    /// for a connection), and the record dialog when it is up.
    static func recordings(_ state: ShellState) -> [String: Any] {
        func list(_ statuses: [RecordingInfo.Status]) -> [[String: Any]] {
            state.recordings.list.filter { statuses.contains($0.status) }.map(ShellEvent.json)
        }
        var report: [String: Any] = ["scheduled": list([.scheduled, .waiting]), "active": list([.active]), "finished": list([.finished]),
                                     "failed": list([.failed])]
        if let dialog = state.recordings.dialog {
            report["dialog"] = ["channel": state.items[dialog.channel].number.map { $0 as Any } ?? NSNullValue.null,
                                "choices": dialog.choices.map { dialog.label($0, utcOffset: state.settings.utcOffset, change: state.settings.utcOffsetChange) },
                                "focus": dialog.focus] as [String: Any]
        }
        return report
    }

    /// `get_state.multiview`: the layout, the focused view and each view's
    /// channel, frames drawn, sound, and why it shows nothing, and the
    /// picker row while it has the keys (its layout button highlighted, or
    /// the channel); null when one channel plays full screen.
    static func multiview(_ state: ShellState) -> Any {
        guard let multiview = state.multiview else { return NSNullValue.null }
        let views: [[String: Any]] = multiview.views.enumerated().map { view, entry in
            let item = state.items[entry.index]
            return [
                "channel": item.number.map { $0 as Any } ?? NSNullValue.null, "name": state.restrictedLabel(item) ?? item.title,
                "slot": PlayerSlot.views[view].rawValue, "phase": entry.playback.phase.rawValue,
                "frames_presented": entry.playback.framesRendered, "muted": view != multiview.focus || state.settings.muted,
                "restricted": entry.restricted.map { $0 as Any } ?? NSNullValue.null, "blocked": entry.blocked.map { $0 as Any } ?? NSNullValue.null,
            ]
        }
        let picker: Any = multiview.choosing
            ? ["layout": multiview.onLayout, "channel": multiview.onLayout || !state.items.indices.contains(multiview.choice) ? NSNullValue.null
                : state.items[multiview.choice].number.map { $0 as Any } ?? NSNullValue.null]
                as [String: Any]
            : NSNullValue.null
        return ["layout": multiview.layout.rawValue, "focus": multiview.focus, "views": views, "picker": picker] as [String: Any]
    }

    /// `get_state.sleep`: the timer (`ends_in` is added by the shell, which
    /// knows the time), or null; `asleep` while the screen is dark.
    static func sleep(_ state: ShellState) -> Any {
        let sleep = state.sleep
        guard sleep.choice != nil || sleep.asleep else { return NSNullValue.null }
        var report: [String: Any] = ["choice": sleep.choice.map { $0.name as Any } ?? NSNullValue.null, "warning": sleep.warned, "asleep": sleep.asleep]
        if case .after(let seconds) = sleep.choice { report["seconds"] = seconds }
        return report
    }

    static func make(_ state: ShellState, picture: String = "none", sharedMemory: Bool = false, colors: String? = nil,
                     tolerance: Int? = nil, video: VideoOutput, tv: [String: Any]? = nil) -> [String: Any] {
        let p = state.playback
        var scrub: [String: Any] = ["active": state.scrub != nil, "mode": state.scrub?.mode.rawValue ?? "coarse"]
        scrub["target"] = state.scrub.map { $0.target as Any } ?? NSNullValue.null
        if let requested = state.thumbnail.requested {
            let picture = state.thumbnail.picture
            scrub["thumbnail"] = ["time": requested.time, "source": picture?.source.rawValue ?? NSNullValue.null,
                                  "shown": state.thumbnail.shown, "frame_time": picture?.frameTime ?? NSNullValue.null,
                                  "unavailable": state.thumbnail.unavailable ?? NSNullValue.null] as [String: Any]
        } else {
            scrub["thumbnail"] = NSNullValue.null
        }
        var channel: Any = NSNullValue.null
        if let item = state.currentItem, item.number != nil { channel = channelJSON(item) }
        return [
            "screen": state.screen.rawValue,
            "overlay": state.chrome.overlay.rawValue,
            "paused": p.paused,
            "position": p.position.map { $0 as Any } ?? NSNullValue.null,
            "duration": p.duration.map { $0 as Any } ?? NSNullValue.null,
            "live": state.isLive,
            "scrub": scrub,
            "recordings": Self.recordings(state),
            "channel": channel,
            "flip_pending": state.live.flip != nil,
            "flip_target": state.live.flip.map { channelJSON(state.items[$0.target]) as Any } ?? NSNullValue.null,
            "flip_failure": state.live.flip?.failure.map { $0 as Any } ?? NSNullValue.null,
            "flip_failure_reason": state.live.flip?.failureReason.map { $0 as Any } ?? NSNullValue.null,
            "channel_entry": state.live.channelEntry.map { $0.digits as Any } ?? NSNullValue.null,
            "notice": state.chrome.notice.map { $0 as Any } ?? NSNullValue.null,
            "notices_waiting": state.chrome.noticesWaiting.count,
            "badge": state.chrome.badge.map { $0 as Any } ?? NSNullValue.null,
            "help": state.chrome.help,
            "volume": Int((state.settings.volume * 100).rounded()),
            "muted": state.settings.muted,
            "max_volume": Int((state.settings.maxVolume * 100).rounded()),
            "key_labels": state.chrome.keyLabels.isRemote ? "remote" : "keyboard",
            "overlay_focus": state.chrome.overlayFocus,
            "info_tab": state.chrome.infoTab.rawValue,
            "hint": state.chrome.hintVisible,
            "tracks": state.playback.tracks.map { ["id": $0.id, "type": $0.kind.rawValue, "title": $0.label, "selected": $0.selected, "pictures": $0.pictures,
                                                      "album_art": $0.albumArt, "audio_description": $0.audioDescription] as [String: Any] },
            "chapters": state.playback.chapters.map { ["title": $0.title, "start": $0.start] as [String: Any] },
            "rating": rating(state).map { $0 as Any } ?? NSNullValue.null,
            "restricted": restricted(state),
            "authorized": authorized(state),
            "passcode": passcode(state),
            "restrictions": restrictions(state),
            "reconnecting": state.live.recovery.map { ["attempt": $0.attempt, "reason": $0.reason, "title": state.items[$0.index].title] as [String: Any] }
                ?? NSNullValue.null,
            "frames_presented": state.playback.framesPresented,
            "frames_dropped": state.playback.framesDropped,
            "picture": picture,
            "picture_shared_memory": sharedMemory,
            "colors": colors.map { $0 as Any } ?? NSNullValue.null,
            "video_tolerance": tolerance.map { $0 as Any } ?? NSNullValue.null,
            "kiosk": state.kiosk,
            "lineup_wait": state.lineupWait.map { URLRedaction.redactingURLs(in: $0) as Any } ?? NSNullValue.null,
            "phase": p.phase.rawValue,
            "title": state.title,
            "url": state.current.map { state.playable($0).url as Any } ?? NSNullValue.null,
            "alternate": Self.alternate(state),
            "archive": Self.archive(state),
            "guide": Self.guide(state),
            "favourites": Self.favourites(state),
            "reminders": state.guide.reminders.map { Self.reminder(state, $0) },
            "reminder_due": state.guide.reminderDue.map { Self.reminder(state, $0) as Any } ?? NSNullValue.null,
            "reminders_due": state.guide.remindersDue.map { Self.reminder(state, $0) },
            "previous_channel": state.live.previousChannel.flatMap { state.items.indices.contains($0) ? state.items[$0].number : nil }
                .map { $0 as Any } ?? NSNullValue.null,
            "guide_status": state.guide.status.map {
                ["refreshed": $0.refreshed.map { $0 as Any } ?? NSNullValue.null, "refreshing": $0.refreshing,
                 "problem": $0.problem.map { $0 as Any } ?? NSNullValue.null] as [String: Any]
            } ?? NSNullValue.null,
            "warm": PlayerSlot.warm.compactMap { state.warm.players[$0] }.filter { $0.playback.phase == .playing }.compactMap { state.items[$0.index].number },
            "warm_players": Self.warmPlayers(state),
            "behind_live": state.behindLive.map { (($0 * 10).rounded() / 10) as Any } ?? NSNullValue.null,
            "timeshift": state.isLive ? state.playback.liveBuffer.map { buffer in
                let seekable = state.seekRange
                return ["start": buffer.start, "end": buffer.edge, "seek_start": seekable?.lowerBound ?? NSNullValue.null,
                        "seek_end": seekable?.upperBound ?? NSNullValue.null] as [String: Any]
            } ?? NSNullValue.null : NSNullValue.null,
            "transport_visible": state.chrome.transportVisible,
            "first_frame": p.firstFramePresented,
            "stream_title": p.streamTitle.map { $0 as Any } ?? NSNullValue.null,
            "index": state.current.map { $0 as Any } ?? NSNullValue.null,
            "items": state.items.count,
            "home_selection": state.navigation.homeSelection,
            "error": (state.error ?? (state.playback.phase == .failed ? state.playback.failure : nil)).map { ["title": $0.title, "reason": $0.reason] as [String: Any] } ?? NSNullValue.null,
            "video": video.rawValue,
            "tv": tv.map { $0 as Any } ?? NSNullValue.null,
            "pip": Self.picture(state),
            "preview": Self.preview(state),
            "pip_possible": PictureInPicturePossibility.reason(state) == nil,
            "segments": state.playback.segments.map { segment in
                ["kind": segment.kind.rawValue, "start": segment.start, "end": segment.end,
                 "watched": state.currentItem.map { state.segments.watchedBreaks[$0.id]?.contains(segment.start) ?? false } ?? false] as [String: Any]
            },
            "in_interstitial": state.segments.activeBreak != nil,
            "resume_offer": state.upNext.resumeOffer.map { ["position": $0.position, "focus": $0.focus == 0 ? "resume" : "beginning"] as [String: Any] } ?? NSNullValue.null,
            "up_next": state.upNext.card.flatMap { card in
                card.phase == .presented
                    ? ["title": card.proposal.title, "id": card.proposal.item.id, "seconds_left": card.secondsLeft, "automatic": card.automatic, "still_watching": card.stillWatching,
                       "focus": card.focus == 0 ? "play" : "cancel",
                       "image": card.proposal.previewImage as Any? ?? NSNullValue.null,
                       "image_shown": state.upNext.proposalImage?.firstFramePresented == true] as [String: Any] : nil
            } ?? NSNullValue.null,
            "what_did_they_say": state.segments.whatDidTheySay.map { ["until": $0.until] as [String: Any] } ?? NSNullValue.null,
            "transport_menu": state.chrome.transportMenu.map { menu in
                let menus = TransportMenuReducer.menus(state)
                return ["menus": menus.map(\.title), "focus": menu.focus,
                        "open": menu.open.map { menus.indices.contains($0) ? menus[$0].title as Any : NSNullValue.null } ?? NSNullValue.null,
                        "choices": menu.open.map { menus.indices.contains($0) ? menus[$0].choices.map(\.title) : [] } ?? [],
                        "choice": menu.choice] as [String: Any]
            } ?? NSNullValue.null,
            "interstitial_left": state.segments.activeBreak.map { max(0, $0.end - (state.playback.position ?? $0.start)) as Any } ?? NSNullValue.null,
            "pending_target": state.segments.pendingTarget.map { $0 as Any } ?? NSNullValue.null,
            "sleep": Self.sleep(state),
            "screensaver": state.screensaver.showing,
            "multiview": Self.multiview(state),
            "contextual_action": state.segments.contextualAction.map {
                ["title": $0.title, "id": $0.id, "target": $0.target.map { $0 as Any } ?? NSNullValue.null, "shown": !$0.hidden || state.chrome.transportVisible] as [String: Any]
            }
                ?? NSNullValue.null,
        ]
    }

    /// Each warm player (and the guide's preview, which ENTER promotes
    /// without a reload): the channel, why it is warm, whether it is ready
    /// to swap in, what it has fetched.
    static func warmPlayers(_ state: ShellState) -> [[String: Any]] {
        func entry(_ index: Int, reason: String, playback: PlaybackState, bytes: Int, rate: Double) -> [String: Any] {
            ["channel": state.items[index].number.map { $0 as Any } ?? NSNullValue.null, "title": state.items[index].title, "reason": reason,
             "ready": playback.phase == .playing, "fetched_bytes": bytes, "bytes_per_minute": Int(rate * 60)]
        }
        var list = PlayerSlot.warm.compactMap { slot in
            state.warm.players[slot].flatMap { warm in
                state.items.indices.contains(warm.index)
                    ? entry(warm.index, reason: warm.reason.rawValue, playback: warm.playback, bytes: warm.fetchedBytes, rate: warm.inputRate) : nil
            }
        }
        if let preview = state.picture.preview, state.items.indices.contains(preview.index), preview.playback.token != 0 {
            list.append(entry(preview.index, reason: "guide focus", playback: preview.playback, bytes: 0, rate: 0))
        }
        return list
    }
}
