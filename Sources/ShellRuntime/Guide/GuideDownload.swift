import Catalog
import Foundation
import GuideStore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns the guide sources as named (paths, `file://`, http(s) URLs) into
/// inputs for a refresh: a local file streams as it is; a URL is downloaded
/// to a temporary file first (so a big guide never sits in memory), which
/// `removeDownloads` deletes. Blocking; call off the run loop.
public struct GuideDownload {
    public private(set) var inputs: [GuideInput] = []
    private var downloads: [String] = []

    public init(sources: [String], timeout: Double = 60) {
        for label in sources {
            if label.hasPrefix("http://") || label.hasPrefix("https://") {
                switch Self.download(label, timeout: timeout) {
                case .success(let path):
                    downloads.append(path)
                    inputs.append(GuideInput(label: label, content: .source(.path(path))))
                case .failure(let failure):
                    inputs.append(GuideInput(label: label, content: .unavailable(failure.reason)))
                }
                continue
            }
            let path = label.hasPrefix("file://") ? String(label.dropFirst(7)) : label
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                inputs.append(GuideInput(label: label, content: .unavailable("no such file")))
            } else if isDirectory.boolValue {
                inputs.append(GuideInput(label: label, content: .unavailable("is a directory, expected a file")))
            } else if !FileManager.default.isReadableFile(atPath: path) {
                inputs.append(GuideInput(label: label, content: .unavailable("cannot be read (permissions?)")))
            } else {
                inputs.append(GuideInput(label: label, content: .source(.path(path))))
            }
        }
    }

    public func removeDownloads() {
        for path in downloads { try? FileManager.default.removeItem(atPath: path) }
    }

    private static func download(_ location: String, timeout: Double) -> Result<String, InputLoader.Failure> {
        guard let url = URL(string: location) else { return .failure(.init(location: location, reason: "not a valid URL")) }
        final class Box: @unchecked Sendable {
            var path: String?
            var error: String?
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("tvshell/0.1", forHTTPHeaderField: "User-Agent")
        let task = URLSession.shared.downloadTask(with: request) { file, response, error in
            if let error {
                box.error = error.localizedDescription
            } else if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                box.error = "HTTP \(http.statusCode)"
            } else if let file {
                let kept = NSTemporaryDirectory() + "/tvshell-guide-\(UUID().uuidString)"
                do {
                    try FileManager.default.moveItem(at: file, to: URL(fileURLWithPath: kept))
                    box.path = kept
                } catch {
                    box.error = "the download could not be kept (\(error.localizedDescription))"
                }
            } else {
                box.error = "nothing was downloaded"
            }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + timeout + 1) == .timedOut {
            task.cancel()
            return .failure(.init(location: location, reason: "timed out after \(Int(timeout)) s"))
        }
        if let error = box.error { return .failure(.init(location: location, reason: error)) }
        return .success(box.path!)
    }
}
