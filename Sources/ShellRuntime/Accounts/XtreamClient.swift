import Catalog
import Foundation
import MediaModel

/// Reads an Xtream Codes account from its server: signs in
/// (`player_api.php`), then fetches every list and each series' episodes
/// (a few at a time). Failures are `XtreamFailure`s naming the server,
/// never the password. Blocking; call it off the run loop.
public struct XtreamClient: Sendable {
    public let server: XtreamServer
    /// Seconds an answer may go without a byte.
    public var timeout: Double
    /// Seconds an answer may take in all, as long as its bytes keep coming:
    /// a provider's list of films is tens of MB, minutes on a slow line.
    public var whole: Double
    /// `get_series_info` requests in flight at once.
    public var concurrency = 4
    /// The most one answer may hold: a larger one is refused as it comes
    /// (or at once, by the length it claims), not read into memory.
    public var answerLimit = 256 << 20
    /// The most all of `fetchAll`'s answers may hold together (a server can
    /// list any number of series, each answered in full).
    public var totalLimit = 512 << 20

    public init(server: XtreamServer, timeout: Double = 20, whole: Double = 600) {
        self.server = server
        self.timeout = timeout
        self.whole = max(timeout, whole)
    }

    /// The account's own information; a refusal or an account that cannot
    /// play at `now` is an error.
    public func signIn(now: Double) throws(XtreamFailure) -> (info: XtreamAccountInfo, answer: Data) {
        let data = try fetch(.account)
        let info: XtreamAccountInfo
        do {
            info = try XtreamDecoder.accountInfo(data)
        } catch {
            if case .unexpectedJSON(_, let field, let expected) = error {
                throw .notXtream(server: server.base, reason: "\(field) is not \(expected)")
            }
            throw error
        }
        if let failure = info.failure(server: server.base, user: server.user, now: now) { throw failure }
        return (info, Self.withoutPassword(data))
    }

    /// The account's answer without the password servers echo back in
    /// `user_info`, so what is stored holds no credential.
    static func withoutPassword(_ data: Data) -> Data {
        guard var root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              var user = root["user_info"] as? [String: Any], user["password"] != nil else { return data }
        user.removeValue(forKey: "password")
        root["user_info"] = user
        return (try? JSONSerialization.data(withJSONObject: root)) ?? data
    }

    /// Series without a `last_modified` (many providers send none) asked
    /// again at most this many in one refresh, when their episodes are
    /// stored: the rest keep theirs, and each is asked again within
    /// `unstampedDays` days, a slice a day.
    public static let unstampedPerRefresh = 200
    public static let unstampedDays = 7

    /// Everything: signs in, then every list and each series' episodes.
    /// The answers by `XtreamRequest.key`, ready to store. With `previous`
    /// (the answers stored before), a series whose `last_modified` is the
    /// one stored keeps its stored episodes: a refresh asks only for the
    /// series that changed (a provider's thousands of series are not asked
    /// for every time). Series with no `last_modified` whose episodes are
    /// stored are asked again a slice a day (by id, the day of `now`), at
    /// most `unstampedPerRefresh` a refresh and each within
    /// `unstampedDays` days; all of them when there are that few.
    public func fetchAll(now: Double, previous: [String: Data] = [:]) throws(XtreamFailure) -> [String: Data] {
        var answers = [XtreamRequest.account.key: try signIn(now: now).answer]
        var total = answers.values.reduce(0) { $0 + $1.count }
        for request in XtreamRequest.lists {
            let answer = try fetch(request)
            total += answer.count
            guard total <= totalLimit else { throw .tooLarge(server: server.base, what: "all its answers together", limit: totalLimit) }
            answers[request.key] = answer
        }
        let series = (try? XtreamDecoder.series(answers[XtreamRequest.series.key] ?? Data("[]".utf8)).values) ?? []
        let before = previous[XtreamRequest.series.key].flatMap { try? XtreamDecoder.series($0).values } ?? []
        let stamps = Dictionary(before.compactMap { old in old.lastModified.map { (old.seriesID, $0) } }, uniquingKeysWith: { first, _ in first })
        let storedUnstamped = series.filter { $0.lastModified == nil && previous[XtreamRequest.seriesInfo($0.seriesID).key] != nil }.count
        let slices = min(Self.unstampedDays, max(1, (storedUnstamped + Self.unstampedPerRefresh - 1) / Self.unstampedPerRefresh))
        let today = Int((now / 86_400).rounded(.down))
        var requests: [XtreamRequest] = []
        for show in series {
            let request = XtreamRequest.seriesInfo(show.seriesID)
            if let stamp = show.lastModified, stamps[show.seriesID] == stamp, let kept = previous[request.key] {
                answers[request.key] = kept
            } else if show.lastModified == nil, slices > 1, let kept = previous[request.key],
                      (show.seriesID % slices + slices) % slices != (today % slices + slices) % slices {
                answers[request.key] = kept
            } else {
                requests.append(request)
            }
        }
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var answers: [String: Data] = [:]
            var failure: XtreamFailure?
            var total = 0
        }
        let results = Results()
        results.total = total + answers.filter { $0.key.hasPrefix(XtreamRequest.seriesInfoKeyPrefix) }.values.reduce(0) { $0 + $1.count }
        let gate = DispatchSemaphore(value: max(1, concurrency))
        let group = DispatchGroup()
        for request in requests {
            gate.wait()
            results.lock.lock()
            let failed = results.failure != nil
            results.lock.unlock()
            if failed { gate.signal(); break }
            group.enter()
            DispatchQueue.global().async {
                defer { gate.signal(); group.leave() }
                do {
                    let data = try fetch(request)
                    results.lock.lock()
                    results.total += data.count
                    if results.total > totalLimit {
                        results.failure = results.failure ?? .tooLarge(server: server.base, what: "all its answers together", limit: totalLimit)
                    } else {
                        results.answers[request.key] = data
                    }
                    results.lock.unlock()
                } catch let failure as XtreamFailure {
                    results.lock.lock()
                    results.failure = results.failure ?? failure
                    results.lock.unlock()
                } catch {}
            }
        }
        group.wait()
        if let failure = results.failure { throw failure }
        answers.merge(results.answers) { _, new in new }
        return answers
    }

    /// One request's answer body; an HTTP error or no connection is an error.
    public func fetch(_ request: XtreamRequest) throws(XtreamFailure) -> Data {
        guard let url = URL(string: request.url(server)) else { throw .notXtream(server: server.base, reason: "its address cannot make a URL") }
        switch HTTPFetch.get(url, timeout: timeout, whole: whole, limit: answerLimit) {
        case .timedOut:
            let within = "no answer in \(Self.seconds(timeout)) s"
            throw .unreachable(server: server.base, reason: whole > timeout ? within + ", or not all of it in \(Self.seconds(whole)) s" : within)
        case .refused:
            throw .tooLarge(server: server.base, what: "the answer to \(request.action ?? "the sign-in")", limit: answerLimit)
        case .failed(let reason):
            throw .unreachable(server: server.base, reason: reason)
        case .answered(let status, let body):
            if request == .account && status == 401 { throw .wrongCredentials(server: server.base, user: server.user) }
            guard (200..<300).contains(status) else { throw .httpStatus(server: server.base, status: status) }
            return body
        }
    }

    /// 20, 0.5.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
