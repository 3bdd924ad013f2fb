/// Why a live channel failed, in plain words, from the player's text
/// ("loading failed: tcp: Failed to resolve hostname …: Name or service not
/// known", "HTTP error 404 Not Found"): what a viewer can make of it — this
/// box offline, the server refusing or gone, the stream moved. The player's
/// text itself stays for the log and IPC. Pure.
public enum PlainFailure {
    /// The sentence for `reason`, or nil when it names no cause known here.
    public static func sentence(_ reason: String) -> String? {
        let text = reason.lowercased()
        for (needles, sentence) in causes where needles.contains(where: text.contains) { return sentence }
        return nil
    }

    /// `reason` as tvshell says it ("the stream stalled" → "The stream
    /// stalled"), when it is one of tvshell's own: plain words, with no
    /// colon, and not libmpv's bare error text ("loading failed", which
    /// says no cause at all). nil for the player's text.
    public static func own(_ reason: String) -> String? {
        guard !reason.isEmpty, !reason.contains(":"), !playersBare.contains(reason.lowercased()) else { return nil }
        return reason.prefix(1).uppercased() + reason.dropFirst()
    }

    /// libmpv's error strings (`mpv_error_string`) a failed load may end
    /// with and nothing after: no cause a viewer can act on.
    private static let playersBare: Set<String> = [
        "loading failed", "unrecognized file format", "no audio or video data played", "nothing to play",
        "audio output initialization failed", "video output initialization failed", "error running command",
        "things not supported", "operation not implemented", "something happened", "generic error",
    ]

    /// Causes, the first found wins: parts of ffmpeg's and libcurl's
    /// messages, and what to say.
    private static let causes: [([String], String)] = [
        (["resolve hostname", "name or service not known", "name resolution", "could not resolve", "no address associated"],
         "Its server could not be found: this box may be offline, or the lineup's address is wrong."),
        (["network is unreachable", "no route to host"], "This box cannot reach the network."),
        (["protocol not found", "unsupported protocol"], "This box cannot open addresses of its kind."),
        (["connection refused"], "Its server refused the connection."),
        (["401 ", "403 ", "forbidden", "unauthorized", "access denied"],
         "Its server refused to send it: it may be blocked where you are, or need an account."),
        (["404 ", "410 ", "not found"], "It is no longer at the address the lineup gives."),
        (["http error 5", "returned 5", " 500 ", " 502 ", " 503 ", " 504 "], "Its server has a fault right now."),
        (["timed out", "timeout"], "Its server did not answer in time."),
        (["certificate", "tls", "ssl"], "Its server's secure connection could not be checked."),
        (["invalid data found", "unrecognized file format", "no video or audio", "no audio or video data"], "What its address sends is not a stream this box can play."),
    ]
}
