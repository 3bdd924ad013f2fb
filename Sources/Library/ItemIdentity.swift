import Foundation
import MediaModel

/// A stable key for an item across runs: the lineup's id (`tvg-id`) or the
/// item's own id; else its URL with credentials and tokens taken out of the
/// user part and the query; else, for a local file, its device, inode and size
/// (so a renamed file keeps its place). Any thread.
public enum ItemIdentity {
    /// Query parameters that carry credentials or one-time tokens.
    static let secretParameters: Set<String> = [
        "token", "access_token", "auth", "authorization", "key", "apikey", "api_key", "sig", "signature", "password", "pass", "passwd",
        "user", "username", "session", "sessionid", "expires", "exp", "hdnts", "hdnea", "policy", "key-pair-id",
    ]

    public static func key(for item: MediaItem) -> String {
        if item.id != item.url { return "id:" + item.id }
        return key(forLocation: item.url)
    }

    public static func key(forLocation location: String) -> String {
        if var parts = URLComponents(string: location), let scheme = parts.scheme, ["http", "https", "rtmp", "rtsp"].contains(scheme.lowercased()) {
            parts.user = nil
            parts.password = nil
            parts.queryItems = parts.queryItems?.filter { !secretParameters.contains($0.name.lowercased()) }
            if parts.queryItems?.isEmpty == true { parts.queryItems = nil }
            return "url:" + (parts.string ?? location)
        }
        if !location.contains("://"), let attributes = try? FileManager.default.attributesOfItem(atPath: location),
           let device = attributes[.systemNumber], let inode = attributes[.systemFileNumber], let size = attributes[.size] {
            return "file:\(device):\(inode):\(size)"
        }
        return "url:" + location
    }
}
