import ShellCore

/// Reads the bindings of an lircrc file meant for tvshell (`prog = tvshell`):
///
///     begin
///         prog = tvshell
///         button = KEY_OK
///         config = select
///         repeat = 0
///         delay = 0
///     end
///
/// `config` is a command name (see `RemoteCommand.name`). Blocks for other
/// programs are skipped; a bad line is a problem and its block is dropped.
public enum LircrcFile {
    public static func parse(_ text: String, path: String) -> (bindings: [String: RemoteMap.Binding], problems: [ConfigProblem]) {
        var bindings: [String: RemoteMap.Binding] = [:]
        var problems: [ConfigProblem] = []
        var block: [String: (value: String, line: Int)]?
        var buttons = 0
        var blockLine = 0
        func problem(_ line: Int, _ key: String?, _ message: String) {
            problems.append(ConfigProblem(file: path, line: line, key: key, message: message))
        }
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            var line = String(raw)
            if let hash = line.firstIndex(of: "#") { line = String(line[..<hash]) }
            line = line.trimmed
            if line.isEmpty { continue }
            if line == "begin" {
                if block != nil { problem(number, nil, "“begin” inside a block (nested blocks are not supported)") }
                block = [:]
                buttons = 0
                blockLine = number
                continue
            }
            if line == "end" {
                guard let entries = block else {
                    problem(number, nil, "“end” without “begin”")
                    continue
                }
                block = nil
                guard entries["prog"]?.value == "tvshell" else { continue }
                guard let button = entries["button"], buttons == 1 else {
                    problem(blockLine, "button", buttons > 1 ? "button sequences are not supported" : "the block names no button")
                    continue
                }
                guard let config = entries["config"] else {
                    problem(blockLine, "config", "the block has no config (a command name)")
                    continue
                }
                guard let command = RemoteCommand(name: config.value) else {
                    problem(config.line, "config", "unknown command “\(config.value)”")
                    continue
                }
                var binding = RemoteMap.Binding(command)
                if let r = entries["repeat"] {
                    guard let n = Int(r.value), n >= 0 else { problem(r.line, "repeat", "expected a whole number"); continue }
                    binding.repeatEvery = n
                }
                if let d = entries["delay"] {
                    guard let n = Int(d.value), n >= 0 else { problem(d.line, "delay", "expected a whole number"); continue }
                    binding.delay = n
                }
                bindings[button.value] = binding
                continue
            }
            guard block != nil else {
                if line.hasPrefix("include") { problem(number, "include", "include is not supported; list the bindings here") }
                else { problem(number, nil, "expected “begin”") }
                continue
            }
            guard let eq = line.firstIndex(of: "=") else {
                problem(number, nil, "expected “key = value”")
                continue
            }
            let key = String(line[..<eq]).trimmed.lowercased()
            let value = String(line[line.index(after: eq)...]).trimmed
            if key == "button" { buttons += 1 }
            block?[key] = (value, number)
        }
        if block != nil { problem(blockLine, nil, "“begin” without “end”") }
        return (bindings, problems)
    }
}

private extension String {
    var trimmed: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return String(s)
    }
}
