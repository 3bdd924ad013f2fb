import ShellCore

/// The built-in delegate: flips by playing the target channel of the lineup,
/// and completes when it plays or fails. An embedding program can supply its
/// own `ShellDelegate` instead.
public final class LineupPlayerDelegate: ShellDelegate {
    public init() {}

    public func skipToNextChannel(_ shell: ShellControl, request: FlipRequest, completion: @escaping @Sendable (Bool) -> Void) {
        shell.replaceContent(with: request.target) { completion($0) }
    }

    public func skipToPreviousChannel(_ shell: ShellControl, request: FlipRequest, completion: @escaping @Sendable (Bool) -> Void) {
        shell.replaceContent(with: request.target) { completion($0) }
    }
}
