/// Turns a key name (mpv's names: "LEFT", "a", "SPACE") into the action it
/// means now: typed text while the guide's search line is up (letters,
/// digits, SPACE; BS deletes), else the key map's command. Pure; the run
/// loop's keys and IPC `keypress` both go through it.
public enum KeyInput {
    public static func action(forKey name: String, state: ShellState, keyMap: KeyMap, at now: Instant) -> Action? {
        if state.guide.search != nil, state.screen == .guide {
            if name == "BS" || name == "DEL" { return .searchEdit(.deleteBackward) }
            if name == "SPACE" { return .searchEdit(.insert(" ")) }
            if name.count == 1, let character = name.first, character != "/", !character.isWhitespace,
               character.asciiValue.map({ $0 >= 0x20 && $0 != 0x7F }) ?? true {
                return .searchEdit(.insert(name))
            }
        }
        return keyMap.command(for: name).map { .command($0, at: now) }
    }
}
