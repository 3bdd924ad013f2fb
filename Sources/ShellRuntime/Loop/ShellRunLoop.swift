/// A way back onto the shell's run loop from any thread or task (after an
/// `await`, say): `perform` runs its closure there, with the shell.
public final class ShellRunLoop: Sendable {
    private let inbox: ActionInbox

    init(inbox: ActionInbox) {
        self.inbox = inbox
    }

    /// Runs `body` on the run-loop thread soon, in order with other posts.
    public func perform(_ body: @escaping @Sendable (ShellControl) -> Void) {
        inbox.post(work: body)
    }
}
