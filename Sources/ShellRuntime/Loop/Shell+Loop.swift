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

/// The run loop: waits on every source at once (`PollSet`), then turns
/// what is ready into actions for the store. Main thread, inside `run()`.
extension Shell {
    func loop() {
        while !state.quitting {
            presenter?.draw()
            var pollSet = PollSet()
            pollSet.watch(signalRead)
            pollSet.watch(inbox.readFD)
            if terminal != nil { pollSet.watch(STDIN_FILENO) }
            for (_, player) in players.pool.all {
                pollSet.watch(player.wakeupFD)
                if player.renderer != nil { pollSet.watch(player.renderFD) }
            }
            for fd in players.spareDescriptors { pollSet.watch(fd) }
            for fd in thumbnails?.descriptors ?? [] { pollSet.watch(fd) }
            if let ipc { pollSet.watch(ipc.pollDescriptors()) }
            pollSet.watch(lirc?.fd)
            pollSet.watch(lirc?.watchFD)
            for fd in input?.descriptors ?? [] { pollSet.watch(fd) }
            if let cec { pollSet.watch(cec.fd, for: cec.events) }
            if let mpris { pollSet.watch(mpris.fd, for: mpris.events) }
            if let descriptor = fleet?.pollDescriptor { pollSet.watch([descriptor]) }
            pollSet.watch(restrictions.settingsFD)
            pollSet.watch(clockWatch?.fd)
            pollSet.watch(presenter?.pendingOutput, for: Int16(POLLOUT))
            let start = MonotonicClock.now()
            let timer = timers.pollTimeout(now: start)
            pollSet.deadline(timer < 0 ? nil : timer)
            for deadline in [lirc?.pollTimeout(now: start), notifier.pollTimeout(now: start), restrictions.retryTimeout(now: start),
                             mpris.flatMap { $0.timeoutMs >= 0 ? $0.timeoutMs : nil }, fleet?.pollTimeout(now: start.seconds)] {
                pollSet.deadline(deadline)
            }
            pollSet.deadline(at: nextWallClockTick?.seconds, now: start.seconds)
            if let alert = state.nextReminderAlert {
                pollSet.deadline(Int32(min(60_000, max(0, (alert - Date().timeIntervalSince1970) * 1000).rounded(.up))))
            }
            if ipc?.hasRequests == true { pollSet.deadline(0) }
            pollSet.deadline(presenter?.retryDelay)
            for (_, player) in players.pool.all { pollSet.deadline(player.windowRetryTimeout(now: start.seconds)) }
            guard let ready = pollSet.wait() else {
                logger.error("poll: \(String(cString: strerror(errno)))")
                return
            }
            for (fd, revents) in ready {
                handle(fd: fd, revents: revents)
                if state.quitting { return }
            }
            for request in ipc?.takeRequests() ?? [] {
                handle(request)
                if state.quitting { return }
            }
            let now = MonotonicClock.now()
            for timer in timers.takeDue(now: now) {
                dispatch(.timerFired(timer, at: now))
            }
            if let tick = nextWallClockTick, tick <= now {
                tickWallClock()
            } else if let alert = state.nextReminderAlert, alert <= Date().timeIntervalSince1970 {
                tickWallClock()
            }
            lirc?.tick(now: now)
            notifier.tick(now: now)
            restrictions.retryIfDue(now: now)
            for (_, player) in players.pool.all {
                for (report, token) in player.retryWindowIfDue(now: now.seconds) { dispatch(.player(report, token: token, at: now)) }
            }
            if let mpris, mpris.timeoutMs == 0, !mpris.process() { self.mpris = nil }
            fleet?.tick(now: MonotonicClock.now().seconds)
            thumbnails?.noteMain(state, player: players[.main])
            if state.quitting { return }
        }
    }

    func handle(fd: Int32, revents: Int16) {
        if fd == signalRead {
            handleSignals()
        } else if fd == inbox.readFD, fd >= 0 {
            for action in inbox.take() { dispatch(action) }
            for work in inbox.takeWork() { work(effects.control) }
        } else if terminal != nil, fd == STDIN_FILENO {
            // Descriptor 0 is the terminal's only while there is one: without
            // a terminal it may be anything opened since (a client of the
            // automation socket).
            if revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                logger.info("the terminal hung up")
                dispatch(.quitRequested(.hangup))
                return
            }
            readKeys()
        } else if let (_, player) = players.pool.all.first(where: { $0.player.wakeupFD == fd }) {
            drainPlayerEvents(player)
        } else if let (_, player) = players.pool.all.first(where: { $0.player.renderFD == fd }) {
            drainPipe(fd)
            drainPlayerEvents(player)
            if player.renderer?.update() == true, let slot = players.pool.slot(of: player) { presenter?.frameReady(in: slot) }
        } else if players.isSpareDescriptor(fd) {
            players.serviceSpare(fd)
        } else if let thumbnails, thumbnails.owns(fd) {
            thumbnails.handle(fd: fd)
        } else if let presenter, fd == presenter.pendingOutput, revents & Int16(POLLOUT) != 0 {
            presenter.outputReady()
        } else if let lirc, fd == lirc.fd {
            for event in lirc.read(now: MonotonicClock.now()) {
                guard let command = configuration.remoteMap.command(button: event.button, repeatCount: event.repeatCount) else {
                    if event.repeatCount == 0 { logger.debug("unbound remote button \(event.button)") }
                    continue
                }
                viewerInput(from: "remote")
                labelKeys(remote: true)
                dispatch(.command(command, at: MonotonicClock.now()))
                if state.quitting { return }
            }
        } else if let input, input.owns(fd) {
            readInputDevice(fd)
        } else if let cec, fd == cec.fd {
            let (presses, standby, selected) = cec.service()
            if selected, !state.quitting {
                // The TV switched to the box with its own remote: a viewer is there, with that remote in hand;
                // X's screen saver, which blanked an idle home screen, is told as of a key.
                presenter?.viewerActed()
                labelKeys(remote: true)
            }
            if selected, state.sleep.asleep, !state.quitting {
                logger.info("HDMI-CEC: the TV switched to the box; the shell wakes")
                dispatch(.televisionOn(at: MonotonicClock.now()))
            }
            press(presses, from: "cec")
            if standby, !state.quitting {
                logger.info("HDMI-CEC: the TV went to standby; the shell sleeps")
                dispatch(.televisionOff)
            }
        } else if let lirc, fd == lirc.watchFD {
            lirc.socketEvents(now: MonotonicClock.now())
        } else if let mpris, fd == mpris.fd {
            if !mpris.process() { self.mpris = nil }
        } else if fd == restrictions.settingsFD {
            restrictions.settingsEvents()
        } else if let clockWatch, fd == clockWatch.fd {
            switch clockWatch.take() {
            case .nothing: break
            case .set: clockWasSet()
            case .failed(let reason):
                logger.warning("the watch on the system clock failed (\(reason)): a set of the clock is seen at the next minute's look")
                self.clockWatch = nil
            }
        } else if let ipc, ipc.owns(fd) {
            ipc.service(fd: fd, revents: revents)
        } else if let fleet, fd == fleet.pollDescriptor?.fd {
            fleet.service(revents: revents)
        }
    }

    /// Empties a wakeup pipe.
    func drainPipe(_ fd: Int32) {
        var sink = [UInt8](repeating: 0, count: 64)
        while read(fd, &sink, sink.count) > 0 {}
    }
}
