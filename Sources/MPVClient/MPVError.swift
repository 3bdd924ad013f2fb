import CMPV

/// A libmpv call that returned an error code, with mpv's own explanation.
///
/// Every return code of the wrapper becomes one of these: nothing is dropped,
/// nothing crashes.
public struct MPVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The raw `MPV_ERROR_*` value (negative).
    public let code: Int32
    /// What was being done: the function and its main argument.
    public let call: String
    /// `mpv_error_string(code)`.
    public var message: String { MPVError.describe(code) }

    public init(code: Int32, call: String) {
        self.code = code
        self.call = call
    }

    public var description: String { "\(call): \(message) (\(code))" }

    /// The video output could not start (`MPV_ERROR_VO_INIT_FAILED`): a
    /// load ends with it when its window cannot open.
    public var isVideoOutputFailure: Bool { code == MPV_ERROR_VO_INIT_FAILED.rawValue }

    /// Nothing was left to play (`MPV_ERROR_NOTHING_TO_PLAY`): a load whose
    /// only track was video ends with it when its video output failed.
    public var isNothingToPlay: Bool { code == MPV_ERROR_NOTHING_TO_PLAY.rawValue }

    /// mpv's text for an error code.
    public static func describe(_ code: Int32) -> String {
        String(cString: mpv_error_string(code))
    }

    /// Throws when `code` is an error.
    @inline(__always)
    static func check(_ code: Int32, _ call: @autoclosure () -> String) throws(MPVError) {
        if code < 0 { throw MPVError(code: code, call: call()) }
    }
}
