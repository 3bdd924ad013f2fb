/// The stored guide, asked off the run loop: the answers come back as
/// actions (`guideSearchResults`, `guideWindowLoaded`). `GuideReader`.
/// Called on the run-loop thread.
package protocol GuideQueries: AnyObject {
    func search(_ text: String, from: Double, limit: Int)
    func loadWindow(around time: Double)
}
