import Catalog
import Foundation
import Logging
import MediaModel
import MPVClient
import ShellCore

/// Where scrub thumbnails come from, as the effect interpreter asks for
/// them (`Effect.thumbnail`). `ThumbnailService` in the shell. Run-loop thread.
package protocol ThumbnailPort: AnyObject {
    /// Show the frame `request` names above the scrub head (nil: none).
    func show(_ request: ThumbnailRequest?)
}

/// Scrub thumbnails: finds each item's source once (`ThumbnailIndex`), and
/// for the head asked for makes the picture with a libmpv of its own (no
/// audio, keyframe seeks, the smallest variant, rendered at the
/// thumbnail's pixels): a sprite's tile (its sheet loaded once and kept
/// decoded, `SpriteSheets`; its tiles cropped from it), a `.bif` frame or
/// an I-frame's bytes loaded as a still, or the item itself sought to the
/// head (also where a still cannot be had). One job at a time and no
/// queue: a head that moves while one runs is taken up when it ends, the
/// heads in between never. Finished thumbnails are kept
/// (`ThumbnailCache`); what is shown is told to the store as
/// `Action.thumbnail` and drawn by the presenter from `image`.
///
/// Run-loop thread only; fetches run on a global queue and come back
/// through the inbox.
final class ThumbnailService: ThumbnailPort {
    private let video: VideoOutput
    private let options: [(String, String)]
    private let store: Store
    private let inbox: ActionInbox
    private let logger: Logger
    /// Where thumbnails are drawn: their pixel size and layout.
    weak var presenter: (any Presenter)?

    /// The thumbnail to draw (nil: none).
    private(set) var image: ThumbnailImage?
    /// Seeks the thumbnail player was asked for (the bench and tests count them).
    private(set) var seeks = 0

    private var request: ThumbnailRequest?
    private var indexes: [String: ThumbnailIndex] = [:]
    private var resolving: Set<String> = []
    private var cache = ThumbnailCache()
    /// A live buffer's pictures as it played (live items' thumbnails).
    private var buffer = BufferSnapshots()
    /// The live buffer's length when last seen, in seconds.
    private var bufferSpan = 0.0
    private var job: Job?
    private var nextToken = 1
    private var player: MPVPlayer?
    /// The item the player has open for seeking (its URL).
    private var playerItem: String?
    /// Sprite sheets fetched, by URL: their files here.
    private var sprites: [String: String] = [:]
    /// Sprite sheets whose picture could not be decoded, by URL: their
    /// tiles fail at once, not by loading the sheet again for each.
    private var brokenSheets: Set<String> = []
    /// Sprite sheets decoded, the last few: their tiles are cropped here.
    private var sheets = SpriteSheets()
    /// I-frame playlists' map bytes (a TS segment's PAT and PMT), by URI and range.
    private var maps: [String: Data] = [:]
    /// The head the last job was for, so an unchanged request is not done twice.
    private var done: (url: String, time: Double)?
    private let directory: String
    private let box: Box

    private final class Box: @unchecked Sendable {
        weak var service: ThumbnailService?
    }

    private struct Job {
        var url: String
        var time: Double
        var source: ThumbnailSource
        var key: ThumbnailCache.Key?
        var frameTime: Double?
        var token: Int
        var started: Double
        /// The still file loaded for it (removed once shown).
        var file: String?
        /// Its frame is on its way: a seek was asked of the open item (the
        /// next frame is the one sought: paused, nothing else makes one),
        /// or a load's file opened. mpv tells a seek's or load's end
        /// (PLAYBACK_RESTART) only ~0.2 s after its frame while paused.
        var restarted = false
        /// A sprite sheet's URL and the tile of it: the sheet is loaded
        /// whole, kept decoded, and the tile cropped from it.
        var sheet: String?
        var tile: ThumbnailCue.Tile?
    }

    init(video: VideoOutput, options: [(String, String)], store: Store, inbox: ActionInbox, logger: Logger) {
        self.video = video
        self.options = options
        self.store = store
        self.inbox = inbox
        self.logger = logger
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tvshell-thumbnails-\(getpid())").path
        box = Box()
        box.service = self
    }

    /// The player's descriptors for the run loop.
    var descriptors: [Int32] {
        guard let player else { return [] }
        return player.renderer == nil ? [player.wakeupFD] : [player.wakeupFD, player.renderFD]
    }

    func owns(_ fd: Int32) -> Bool { descriptors.contains(fd) }

    // MARK: - Requests

    func show(_ request: ThumbnailRequest?) {
        self.request = request
        guard let request else {
            job = nil
            done = nil
            if playerItem != nil {
                try? player?.stop()
                playerItem = nil
            }
            if image != nil {
                image = nil
                presenter?.thumbnailChanged()
            }
            return
        }
        if let playerItem, playerItem != request.item.url {
            try? player?.stop()
            self.playerItem = nil
        }
        advance()
    }

    /// The display changed size: the thumbnail under the head is made
    /// again at the new size (the cache is keyed by size).
    func displayResized() {
        done = nil
        buffer = BufferSnapshots()
        if image != nil {
            image = nil
            presenter?.thumbnailChanged()
        }
        advance()
    }

    /// Starts the job for the head asked for now, unless one runs.
    private func advance() {
        guard let request, job == nil, let format = presenter?.thumbnailFormat else { return }
        let url = request.item.url
        if let done, done.url == url, done.time == request.time { return }
        if request.item.isLive {
            showFromBuffer(request, format: format)
            return
        }
        guard let index = indexes[url] else {
            resolve(request.item)
            return
        }
        switch index {
        case .player:
            fromPlayer(request, format: format, otherwise: "a thumbnail player would pass [live] max_connections")
        default:
            guard let (position, frameTime) = index.frame(at: request.time) else {
                finish(time: request.time)
                store.send(.thumbnail(.unavailable(url: url, time: request.time, reason: "the thumbnails have no frame there")))
                return
            }
            let key = ThumbnailCache.Key(url: url, source: index.source, index: position, width: format.width, height: format.height)
            if let kept = cache.image(key) {
                present(kept, url: url, time: request.time)
                return
            }
            var job = Job(url: url, time: request.time, source: index.source, key: key, frameTime: frameTime, token: newToken(),
                          started: MonotonicClock.now().seconds)
            job.file = directory + "/still-\(job.token)." + (index.source == .iframe ? "ts" : "jpg")
            self.job = job
            fetchStill(index, position: position, headers: request.item.headers, token: job.token)
        }
    }

    /// The head's thumbnail from the item itself: kept, or sought by the
    /// thumbnail player; unavailable for `otherwise` when no player may
    /// open a stream.
    private func fromPlayer(_ request: ThumbnailRequest, format: (width: Int, height: Int, layout: String), otherwise: String) {
        let url = request.item.url
        guard request.mayOpenStream else {
            finish(time: request.time)
            store.send(.thumbnail(.unavailable(url: url, time: request.time, reason: otherwise)))
            return
        }
        if let kept = cache.playerImage(url: url, time: request.time, width: format.width, height: format.height) {
            present(kept, url: url, time: request.time)
            return
        }
        seek(request)
    }

    private func newToken() -> Int {
        defer { nextToken += 1 }
        return nextToken
    }

    /// The head asked for is done with (shown or not to be had).
    private func finish(time: Double) {
        if let request { done = (request.item.url, time) }
    }

    private func present(_ image: ThumbnailImage, url: String, time: Double) {
        self.image = image
        finish(time: time)
        presenter?.thumbnailChanged()
        store.send(.thumbnail(.shown(url: url, ThumbnailPicture(time: time, frameTime: image.frameTime, source: image.source))))
    }

    // MARK: - A live buffer

    /// Keeps a small copy of the main picture now and then while a live
    /// item plays with a buffer to scrub back in (each pass of the run
    /// loop; a look at the state, and at most one `screenshot-raw` per
    /// spacing of `BufferSnapshots`).
    func noteMain(_ state: ShellState, player: MPVPlayer?) {
        guard state.settings.scrubThumbnails, state.isLive, let range = state.seekRange, state.playback.phase == .playing,
              !state.playback.paused, state.playback.firstFramePresented, let position = state.playback.position,
              let url = state.currentItem?.url, let player, let format = presenter?.thumbnailFormat else { return }
        bufferSpan = range.upperBound - range.lowerBound
        guard buffer.due(url: url, position: position, span: bufferSpan) else { return }
        do {
            guard let frame = try player.mpv.screenshotRaw() else { return }
            let pixels = FrameScaler.scale(frame.pixels, width: frame.width, height: frame.height, stride: frame.stride,
                                           to: format.width, format.height, layout: format.layout)
            buffer.add(ThumbnailImage(pixels: pixels, width: format.width, height: format.height, stride: format.width * 4, frameTime: position,
                                      source: .buffer), url: url, position: position)
        } catch {
            logger.debug("screenshot-raw: \(error)")
        }
    }

    /// A live item's thumbnail: the picture kept nearest before the head.
    private func showFromBuffer(_ request: ThumbnailRequest, format: (width: Int, height: Int, layout: String)) {
        let url = request.item.url
        guard let (image, _) = buffer.image(url: url, at: request.time, span: bufferSpan, earliest: request.earliest), image.width == format.width, image.height == format.height else {
            finish(time: request.time)
            store.send(.thumbnail(.unavailable(url: url, time: request.time, reason: "no picture of that moment of the live buffer was kept")))
            return
        }
        present(image, url: url, time: request.time)
    }

    // MARK: - Sources

    /// Finds `item`'s source off the loop; the job starts when it is known.
    private func resolve(_ item: MediaItem) {
        guard resolving.insert(item.url).inserted else { return }
        let box = self.box, inbox = self.inbox, logger = self.logger
        DispatchQueue.global(qos: .userInitiated).async {
            let index = ThumbnailIndex.find(item) { logger.warning("\($0)") }
            inbox.post { _ in
                guard let service = box.service else { return }
                service.resolving.remove(item.url)
                service.indexes[item.url] = index
                service.logger.info("thumbnails of \(URLRedaction.redact(item.url)) from the \(index.source.rawValue)")
                service.advance()
            }
        }
    }

    /// Fetches what a still job loads (a sprite sheet once, a `.bif`
    /// frame, an I-frame's map and range) into its file, off the loop.
    private func fetchStill(_ index: ThumbnailIndex, position: Int, headers: [String: String], token: Int) {
        guard let file = job?.file else { return }
        var format: String?
        var work: (@Sendable () throws -> Data?)?
        var sprite: String?
        switch index {
        case .sprites(let cues), .images(let cues):
            let cue = cues[position]
            job?.sheet = cue.image
            job?.tile = cue.tile
            if brokenSheets.contains(cue.image), let current = job {
                fail(current, reason: "the thumbnail could not be decoded")
                return
            }
            if let sheet = sheets.sheet(cue.image), let current = job {
                presentTile(of: sheet, for: current)
                return
            }
            if let kept = sprites[cue.image] {
                loadStill(kept, format: nil, token: token)
                return
            }
            sprite = cue.image
            work = { try InputLoader.load(cue.image, offset: nil, length: Int.max >> 8, headers: headers) }
        case .bif(let location, let bif):
            let frame = bif.frames[position]
            work = { try InputLoader.load(location, offset: frame.offset, length: frame.length, headers: headers) }
        case .iframes(let frames):
            let frame = frames[position]
            // A keyframe's few packets are too little for mpv to probe: it is told the container.
            let path = frame.uri.split(separator: "?").first.map(String.init) ?? frame.uri
            format = path.hasSuffix(".mp4") || path.hasSuffix(".m4s") || path.hasSuffix(".cmfv") ? "mp4" : "mpegts"
            let isTS = format == "mpegts"
            let mapKey = frame.mapURI.map { "\($0)@\(frame.mapRange?.offset ?? -1)" }
            let knownMap = mapKey.flatMap { maps[$0] }
            let box = self.box, inbox = self.inbox
            work = {
                var data = Data()
                if let map = frame.mapURI {
                    if let knownMap {
                        data = knownMap
                    } else {
                        data = try InputLoader.load(map, offset: frame.mapRange?.offset, length: frame.mapRange?.length ?? Int.max >> 8, headers: headers)
                        let bytes = data
                        if let mapKey { inbox.post { _ in box.service?.maps[mapKey] = bytes } }
                    }
                }
                data += try InputLoader.load(frame.uri, offset: frame.range?.offset, length: frame.range?.length ?? Int.max >> 8, headers: headers)
                if isTS { data += ThumbnailService.nullPackets(toFill: data.count) }
                return data
            }
        case .player:
            return
        }
        guard let work else { return }
        let box = self.box, inbox = self.inbox, directory = self.directory
        let target = sprite.map { directory + "/sprite-\(token)" + Self.fileExtension($0) } ?? file
        let fetchedSprite = sprite, container = format
        DispatchQueue.global(qos: .userInitiated).async {
            var failure: String?
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                guard let data = try work(), !data.isEmpty else { throw InputLoader.Failure(location: "thumbnail", reason: "nothing was read") }
                guard FileManager.default.createFile(atPath: target, contents: data, attributes: [.posixPermissions: 0o600]) else {
                    throw InputLoader.Failure(location: target, reason: "cannot be written")
                }
            } catch {
                failure = "\(error)"
            }
            let why = failure
            inbox.post { _ in
                guard let service = box.service else { return }
                if let fetchedSprite, why == nil { service.sprites[fetchedSprite] = target }
                service.fetched(token: token, file: target, format: container, failure: why)
            }
        }
    }

    /// MPEG-TS null packets (PID 0x1FFF) to follow a keyframe's few packets,
    /// 32 in all: with fewer, libavformat cannot tell the packet size (it
    /// warns and guesses).
    static func nullPackets(toFill count: Int) -> Data {
        let wanted = max(0, 32 - count / 188)
        var packet = [UInt8](repeating: 0xFF, count: 188)
        packet[0] = 0x47
        packet[1] = 0x1F
        packet[2] = 0xFF
        packet[3] = 0x10
        return Data((0..<wanted).flatMap { _ in packet })
    }

    private static func fileExtension(_ url: String) -> String {
        let path = url.split(separator: "?").first.map(String.init) ?? url
        guard let dot = path.lastIndex(of: "."), path.distance(from: dot, to: path.endIndex) <= 5 else { return ".jpg" }
        return String(path[dot...])
    }

    /// A still's bytes are in their file (or could not be had).
    private func fetched(token: Int, file: String, format: String?, failure: String?) {
        guard let job, job.token == token else {
            if !sprites.values.contains(file) { try? FileManager.default.removeItem(atPath: file) }
            return
        }
        if let failure {
            logger.warning("thumbnail: \(URLRedaction.redactingURLs(in: failure))")
            if let sheet = job.sheet {
                logger.warning("thumbnail: the sprite sheet \(URLRedaction.redact(sheet)) could not be read; its tiles are not asked for again")
                brokenSheets.insert(sheet)
            }
            fail(job, reason: "the thumbnail could not be read")
            return
        }
        loadStill(file, format: format, token: token)
    }

    /// The job could not make its thumbnail for `reason`. A still's (a
    /// sheet's tile, a `.bif` frame, a keyframe) is made from the item
    /// itself instead when its head is still asked for, as for an item
    /// with no thumbnails: a broken or missing sheet leaves the scrub its
    /// pictures, at a player's cost. Else the head's thumbnail is
    /// unavailable, and the next head taken up.
    private func fail(_ failed: Job, reason: String) {
        job = nil
        if let file = failed.file { try? FileManager.default.removeItem(atPath: file) }
        if failed.source != .player, let request, request.item.url == failed.url, request.time == failed.time, !request.item.isLive,
           let format = presenter?.thumbnailFormat {
            logger.info("thumbnail at \(String(format: "%.1f", failed.time)) s: \(reason); the item itself is sought instead")
            fromPlayer(request, format: format, otherwise: reason)
            return
        }
        if request?.item.url == failed.url {
            finish(time: failed.time)
            store.send(.thumbnail(.unavailable(url: failed.url, time: failed.time, reason: reason)))
        }
        advance()
    }

    // MARK: - The player

    private func ensurePlayer() -> MPVPlayer? {
        if let player { return player }
        do {
            let base: [(String, String)] = [
                ("aid", "no"), ("sid", "no"), ("mute", "yes"), ("hr-seek", "no"),
                ("demuxer-max-bytes", "4MiB"), ("demuxer-max-back-bytes", "0"),
                ("vd-lavc-threads", "1"), ("vd-lavc-skiploopfilter", "all"), ("hls-bitrate", "min"), ("cache-pause", "no"),
            ]
            let made = try MPVPlayer(video: video == .tv ? .tv : .terminal, options: options + base, logger: logger, showsWindow: false,
                                     holdsLoads: false)
            if let format = presenter?.thumbnailFormat { made.pictureSize = (format.width, format.height) }
            player = made
            return made
        } catch {
            logger.error("the thumbnail player could not start: \(error)")
            return nil
        }
    }

    /// Loads a still for the job `token`: an image (a sprite sheet whole),
    /// or a keyframe's bytes in the container `format` (mpv's lavf name).
    private func loadStill(_ file: String, format: String?, token: Int) {
        guard let player = ensurePlayer(), job?.token == token else { return }
        playerItem = nil
        var extra = ["image-display-duration": "inf"]
        if let format { extra["demuxer-lavf-format"] = format }
        do {
            try player.load(MediaItem(title: "thumbnail", url: file), token: token, start: nil, extra: extra, paused: false)
        } catch {
            if let job { fail(job, reason: "the thumbnail player could not open it") }
        }
    }

    /// Seeks the player to the head (opening the item there first).
    private func seek(_ request: ThumbnailRequest) {
        guard let player = ensurePlayer() else {
            store.send(.thumbnail(.unavailable(url: request.item.url, time: request.time, reason: "the thumbnail player could not start")))
            finish(time: request.time)
            return
        }
        let url = request.item.url
        var job = Job(url: url, time: request.time, source: .player, token: playerItem == url ? player.currentToken : newToken(),
                      started: MonotonicClock.now().seconds)
        job.restarted = playerItem == url
        self.job = job
        seeks += 1
        logger.info("thumbnail seek \(seeks) to \(String(format: "%.1f", request.time)) s")
        do {
            if playerItem == url {
                try player.seek(to: request.time, exact: false)
            } else {
                var item = request.item
                item.alternates = []
                try player.load(item, token: job.token, start: request.time, extra: [:], paused: true)
                playerItem = url
            }
        } catch {
            playerItem = nil
            fail(job, reason: "the thumbnail player could not seek there")
        }
    }

    /// mpv's events for the thumbnail player (from the run loop).
    func handle(fd: Int32) {
        guard let player else { return }
        if fd == player.renderFD {
            var sink = [UInt8](repeating: 0, count: 64)
            while read(fd, &sink, sink.count) > 0 {}
        }
        for (report, token) in player.drain() {
            switch report {
            case .preloaded:
                player.continueLoad(token: token)
            case .started:
                // The load's file opened: the next frame is its first
                // (one that came before was the last load's).
                if job?.token == token { job?.restarted = true }
            case .failed(let reason):
                // Not opened, or a picture over `MPVPlayer.stillPixels`.
                guard let job, job.token == token else { continue }
                logger.warning("thumbnail: \(URLRedaction.redactingURLs(in: reason))")
                if job.source == .player { playerItem = nil }
                sheetFailed(job)
                fail(job, reason: job.source == .player ? "the thumbnail player failed" : "the thumbnail could not be decoded")
            case .ended:
                // The file ended with no frame for the job: a picture its
                // decoder refused, or a seek past a film's last keyframe.
                // Nothing more comes for it.
                guard let job, job.token == token else { continue }
                if job.source == .player { playerItem = nil }
                sheetFailed(job)
                fail(job, reason: job.source == .player ? "the item ended before the head" : "the thumbnail could not be decoded")
            case .cannotSeek:
                // A server that sends only whole files: the seek to the
                // head was refused, and no frame comes for it.
                guard let job, job.token == token, job.source == .player else { continue }
                fail(job, reason: "its server sends only whole files")
            default:
                break
            }
        }
        if player.died {
            logger.error("the thumbnail player's libmpv stopped by itself")
            player.shutdown()
            self.player = nil
            playerItem = nil
            if let job { fail(job, reason: "the thumbnail player stopped") }
            return
        }
        if fd == player.renderFD, let renderer = player.renderer, renderer.update() {
            takeFrame(renderer, from: player)
        }
    }

    /// A sheet `failed` loaded could not be decoded: its other tiles are
    /// not loaded again.
    private func sheetFailed(_ failed: Job) {
        guard let sheet = failed.sheet else { return }
        logger.warning("thumbnail: the sprite sheet \(URLRedaction.redact(sheet)) could not be decoded; its tiles are not asked for again")
        brokenSheets.insert(sheet)
    }

    /// Renders the player's frame, always (mpv's video output waits up to
    /// 0.2 s for each frame to be taken, and its next load or seek with
    /// it); a new frame (not one drawn again) once the job's seek or load
    /// began is the job's thumbnail: kept and shown.
    private func takeFrame(_ renderer: MPVSoftwareRenderer, from player: MPVPlayer) {
        let fresh = renderer.nextFrameIsNew
        let format = presenter?.thumbnailFormat ?? (64, 36, "rgb0")
        do {
            try renderer.render(width: format.width, height: format.height, format: format.layout)
        } catch {
            logger.error("thumbnail render: \(error)")
            if let job { fail(job, reason: "the thumbnail could not be drawn") }
            return
        }
        renderer.reportSwap()
        guard fresh, let current = job, current.restarted else { return }
        if let url = current.sheet {
            // The sheet at its own size: kept, and the tile cropped from it.
            guard let raw = try? player.mpv.screenshotRaw() else {
                fail(current, reason: "the sprite sheet could not be read")
                return
            }
            let sheet = SpriteSheets.Sheet(pixels: raw.pixels, width: raw.width, height: raw.height, stride: raw.stride)
            sheets.keep(sheet, for: url)
            logger.info("sprite sheet decoded (\(raw.width)×\(raw.height)): its tiles are cropped from it")
            presentTile(of: sheet, for: current)
            return
        }
        guard let pixels = renderer.pixels else { return }
        var bytes = [UInt8](UnsafeRawBufferPointer(start: pixels, count: renderer.stride * renderer.height))
        if format.layout == "bgr0" {
            for index in Swift.stride(from: 3, to: bytes.count, by: 4) { bytes[index] = 0xFF }
        }
        let frameTime = current.frameTime ?? (try? player.mpv.double("time-pos")) ?? current.time
        let image = ThumbnailImage(pixels: bytes, width: renderer.width, height: renderer.height, stride: renderer.stride,
                                   frameTime: frameTime, source: current.source)
        var key = current.key
        if current.source == .player {
            key = ThumbnailCache.Key(url: current.url, source: .player, index: Int((frameTime * 1000).rounded()), width: format.width, height: format.height)
        }
        if let key {
            cache.store(image, for: key)
            if current.source == .player { cache.noteLanding(key, keyframe: frameTime, time: current.time) }
        }
        if let file = current.file { try? FileManager.default.removeItem(atPath: file) }
        job = nil
        let milliseconds = Int(((MonotonicClock.now().seconds - current.started) * 1000).rounded())
        logger.info("thumbnail at \(String(format: "%.1f", current.time)) s (frame \(String(format: "%.1f", frameTime)) s, \(current.source.rawValue)) in \(milliseconds) ms")
        if request?.item.url == current.url { present(image, url: current.url, time: current.time) }
        advance()
    }

    /// The job's tile, cropped from its decoded sheet and scaled to the
    /// thumbnail's size: kept and shown, and the next head taken up.
    private func presentTile(of sheet: SpriteSheets.Sheet, for current: Job) {
        let format = presenter?.thumbnailFormat ?? (64, 36, "rgb0")
        let pixels = SpriteSheets.tile(current.tile, of: sheet, width: format.width, height: format.height, layout: format.layout)
        let image = ThumbnailImage(pixels: pixels, width: format.width, height: format.height, stride: format.width * 4,
                                   frameTime: current.frameTime ?? current.time, source: current.source)
        if let key = current.key { cache.store(image, for: key) }
        if let file = current.file { try? FileManager.default.removeItem(atPath: file) }
        job = nil
        let milliseconds = Int(((MonotonicClock.now().seconds - current.started) * 1000).rounded())
        logger.info("thumbnail at \(String(format: "%.1f", current.time)) s (a sprite tile, \(current.source.rawValue)) in \(milliseconds) ms")
        if request?.item.url == current.url { present(image, url: current.url, time: current.time) }
        advance()
    }

    /// Stops the player and removes the files (the shell is quitting).
    func shutdown() {
        player?.shutdown()
        player = nil
        try? FileManager.default.removeItem(atPath: directory)
    }
}
