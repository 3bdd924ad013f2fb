import MPVClient

/// Which of the user's mpv options libmpv refuses (a name it does not know,
/// a value it cannot take): each set on a handle of its own that is never
/// initialized, as a player sets them before it starts. For `play`, which
/// leaves a config file's refused options out instead of failing to start,
/// and for `config check`. Any thread.
public enum MPVOptionCheck {
    /// libmpv's reason for each refused option, by its index in `options`;
    /// nil when libmpv cannot be loaded (nothing is known).
    public static func refusals(_ options: [(key: String, value: String)]) -> [Int: String]? {
        guard !options.isEmpty else { return [:] }
        guard MPVLibrary.loadFailure() == nil, let handle = try? MPVHandle() else { return nil }
        defer { handle.destroy() }
        var refused: [Int: String] = [:]
        for (index, option) in options.enumerated() {
            do {
                try handle.setOption(option.key, option.value)
            } catch {
                refused[index] = error.message
            }
        }
        return refused
    }
}
