import MediaModel
@testable import ShellRuntime
import Testing

@Suite("Loading again what could not open mpv's window")
struct WindowRetryTests {
    private let film = MediaItem(id: "film", title: "Film", url: "/media/film.mkv")
    private let channel = MediaItem(id: "news", title: "News", url: "http://live.test/news.m3u8", isLive: true, number: 1)

    @Test("five tries, further apart each time, then the failure is told; a film goes on from where it was, a channel from now")
    func tries() throws {
        var retry = WindowRetry()
        retry.loaded(.init(item: film, token: 4, start: nil, extra: [:], paused: false))
        retry.position = 61.5
        var now = 100.0
        for delay in WindowRetry.delays {
            let failed = retry.failed(token: 4, now: now)
            #expect(failed)
            #expect(retry.timeout(now: now) == Int32((delay * 1000).rounded(.up)))
            let early = retry.take(now: now + delay - 0.01)
            #expect(early == nil, "not before its time")
            let taken = retry.take(now: now + delay)
            let load = try #require(taken)
            #expect(load.token == 4 && load.start == 61.5)
            let twice = retry.take(now: now + delay + 1)
            #expect(twice == nil, "once")
            now += delay
        }
        let sixth = retry.failed(token: 4, now: now)
        #expect(!sixth, "the sixth failure is told")
        #expect(retry.timeout(now: now) == nil)

        retry.loaded(.init(item: channel, token: 5, start: nil, extra: [:], paused: false))
        retry.position = 30
        let older = retry.failed(token: 4, now: now)
        #expect(!older, "an older load's failure is not this one's")
        let current = retry.failed(token: 5, now: now)
        #expect(current)
        let takenLive = retry.take(now: now + 1)
        let live = try #require(takenLive)
        #expect(live.start == nil, "a channel from now")
    }

    @Test("the window opening gives a later failure its tries again")
    func opened() {
        var retry = WindowRetry()
        retry.loaded(.init(item: film, token: 1, start: 10, extra: [:], paused: true))
        for _ in WindowRetry.delays { _ = retry.failed(token: 1, now: 0) }
        let spent = retry.failed(token: 1, now: 0)
        #expect(!spent)
        retry.opened()
        let again = retry.failed(token: 1, now: 0)
        #expect(again)
    }
}
