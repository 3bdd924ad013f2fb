import MediaModel
import ShellCore
@testable import ShellRuntime
import Synchronization
import Testing

/// What the authorizer posted to the run loop.
private final class Posts: Sendable {
    let actions = Mutex<[Action]>([])
    func post(_ action: Action) { actions.withLock { $0.append(action) } }
    var requestIDs: [Int] {
        actions.withLock { $0.compactMap { if case .authorizationRequested(_, let id) = $0 { id } else { nil } } }
    }
    var cancelled: [Int] {
        actions.withLock { $0.compactMap { if case .authorizationCancelled(let id, _) = $0 { id } else { nil } } }
    }
}

private let film = MediaItem(id: "film", title: "Film", url: "/film.mp4", rating: "R")

@Suite("Early authorization requests")
struct RestrictionsAuthorizerTests {
    @Test("the shell's answer resumes the caller; the item reaches the run loop with its rating understood")
    func answered() async throws {
        let posts = Posts()
        let authorizer = RestrictionsAuthorizer(post: posts.post)
        let task = Task { await authorizer.requestPlaybackRestrictionsAuthorization(for: film) }
        while posts.requestIDs.isEmpty { await Task.yield() }
        let posted = posts.actions.withLock { $0.first }
        guard case .authorizationRequested(let item, let id) = posted else { Issue.record("no request posted"); return }
        #expect(item.contentRating?.code == "R")
        authorizer.finish(id, .granted)
        #expect(await task.value == .granted)
        authorizer.finish(id, .denied)
    }

    @Test("cancelling the task answers cancelled at once and tells the run loop to take the prompt down")
    func cancelled() async throws {
        let posts = Posts()
        let authorizer = RestrictionsAuthorizer(post: posts.post)
        let task = Task { await authorizer.requestPlaybackRestrictionsAuthorization(for: film) }
        while posts.requestIDs.isEmpty { await Task.yield() }
        task.cancel()
        #expect(await task.value == .cancelled)
        #expect(posts.cancelled == posts.requestIDs)
        authorizer.finish(posts.requestIDs[0], .granted)
    }

    @Test("a task cancelled before asking gets cancelled without a prompt; stopping the shell cancels the rest")
    func cancelledEarlyAndShutdown() async throws {
        let posts = Posts()
        let authorizer = RestrictionsAuthorizer(post: posts.post)
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await authorizer.requestPlaybackRestrictionsAuthorization(for: film)
        }
        #expect(await early.value == .cancelled)
        #expect(posts.requestIDs.isEmpty)
        let open = Task { await authorizer.requestPlaybackRestrictionsAuthorization(for: film) }
        while posts.requestIDs.isEmpty { await Task.yield() }
        authorizer.cancelAll()
        #expect(await open.value == .cancelled)
    }
}
