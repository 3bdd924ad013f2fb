import Foundation

/// The audio device, held by one player at a time.
///
/// A libmpv opens its audio output as soon as a file's sound is decoded,
/// paused or not, and keeps it between files: a warm neighbour, a muted
/// picture or preview, a view of multiview would each hold the device. On
/// a box under a TV that plays through ALSA straight to HDMI (no sound
/// server), the device opens once: the player that comes second is told
/// "Could not open/initialize audio device" and mpv drops that file's
/// sound for good, so the warm channel it becomes is silent. So only the
/// player whose sound is wanted has the user's `ao`; every other renders
/// its sound to nothing (`ao=null`, still decoded in step with the
/// picture) until `PlayerSlots` moves the device to it: the holder lets it
/// go first (`releaseAudio`), and once mpv says it is closed the other
/// takes it (`takeAudio`). Setting `ao` makes mpv reopen its output at
/// once. A user `ao=null` shares nothing.
///
/// Run-loop thread only.
extension MPVPlayer {
    /// Whether this player moves between holding the device and not (the
    /// user's `ao` is not `null`).
    var sharesAudio: Bool { audioOutput != "null" }

    /// Whether this player holds the audio device (or may open it at any
    /// moment): its `ao` is the user's and its libmpv runs.
    var holdsAudio: Bool { sharesAudio && audioDeviceSet && !died && !isShutDown }

    /// Whether this player is letting the device go and mpv has not said it
    /// is closed yet.
    var isReleasingAudio: Bool { audioRelease != nil && !died && !isShutDown }

    /// Closes the audio output (`ao=null`) without waiting for mpv's core,
    /// which may be busy ending a stream: `audioReleased` is called once
    /// it is closed (or the player died). Sent before a stop, it runs
    /// before it (mpv runs a client's requests in order).
    func releaseAudio() {
        guard holdsAudio else { return }
        audioDeviceSet = false
        requests += 1
        audioRelease = requests
        do {
            try mpv.commandAsync(["set", "ao", "null"], userdata: requests)
        } catch {
            logger.error("letting the audio device go: \(error)")
            audioDeviceLetGo()
        }
    }

    /// Opens the user's audio output (mpv reopens it at once, in step with
    /// the picture). Only once no other player holds the device.
    func takeAudio() {
        guard sharesAudio, !audioDeviceSet, !died, !isShutDown else { return }
        audioDeviceSet = true
        do {
            try mpv.setPropertyAsync("ao", audioOutput)
        } catch {
            logger.error("taking the audio device: \(error)")
        }
    }

    /// The device is closed (mpv replied, or its core ended).
    func audioDeviceLetGo() {
        guard audioRelease != nil else { return }
        audioRelease = nil
        audioReleased?()
    }
}
