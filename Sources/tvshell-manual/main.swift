import Foundation

/// `tvshell-manual TVSHELL MAN_DIR > tvshell.1`: the man page, in mdoc, from
/// what `tvshell --experimental-dump-help` says of its commands and options
/// (kept as they are written, UTF-8 included), with the sections written
/// by hand in MAN_DIR (keys, files, environment, exit status, examples,
/// see also). `make dist` runs it.

/// Text as roff reads it: backslashes escaped, a line never starting with a
/// control character.
func roff(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\e").split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
    }.joined(separator: "\n")
}

/// A discussion's paragraphs, each a `.Pp`.
func paragraphs(_ text: String) -> [String] {
    text.components(separatedBy: "\n\n").flatMap { [".Pp", roff($0.trimmingCharacters(in: .whitespacesAndNewlines))] }
}

/// An option or argument as an `.It` line and its description.
func item(_ argument: [String: Any]) -> [String]? {
    guard argument["shouldDisplay"] as? Bool != false else { return nil }
    let kind = argument["kind"] as? String ?? ""
    let names = (argument["names"] as? [[String: Any]] ?? []).map { name -> String in
        let text = name["name"] as? String ?? ""
        return (name["kind"] as? String) == "short" ? "Fl \(text)" : "Fl -\(text)"
    }
    let value = argument["valueName"] as? String ?? ""
    var head: String
    switch kind {
    case "positional": head = ".It Ar \(value)" + (argument["isRepeating"] as? Bool == true ? " ..." : "")
    case "option": head = ".It " + names.joined(separator: " , ") + " Ar \(value)"
    default: head = ".It " + names.joined(separator: " , ")
    }
    if ["help", "version"].contains(value) && kind == "flag" { return nil }
    var lines = [head]
    if let abstract = argument["abstract"] as? String, !abstract.isEmpty { lines.append(roff(abstract)) }
    if let defaultValue = argument["defaultValue"] as? String, !defaultValue.isEmpty, kind == "option" {
        lines.append("(default: \(roff(defaultValue)))")
    }
    if argument["isRepeating"] as? Bool == true, kind == "option" { lines.append("May be given more than once.") }
    return lines
}

func list(_ arguments: [[String: Any]]) -> [String] {
    let items = arguments.compactMap(item)
    guard !items.isEmpty else { return [] }
    return [".Bl -tag -width 6n"] + items.flatMap { $0 } + [".El"]
}

/// Each command under `path`, with its options, nested.
func commands(_ command: [String: Any], path: [String]) -> [String] {
    var lines: [String] = []
    for sub in command["subcommands"] as? [[String: Any]] ?? [] {
        let name = sub["commandName"] as? String ?? ""
        guard name != "help", name != "play" else { continue }
        let full = path + [name]
        let leaves = sub["subcommands"] as? [[String: Any]] ?? []
        if leaves.isEmpty {
            let positional = (sub["arguments"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "positional" }
            lines.append(".It Nm \(full.joined(separator: " ")) " + positional.map { "Ar \($0["valueName"] as? String ?? "")" }.joined(separator: " "))
            if let abstract = sub["abstract"] as? String { lines.append(roff(abstract)) }
            if let discussion = sub["discussion"] as? String, !discussion.isEmpty { lines += paragraphs(discussion) }
            lines += list((sub["arguments"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String != "positional" })
        } else {
            lines += commands(sub, path: full)
        }
    }
    return lines
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: tvshell-manual TVSHELL MAN_DIR\n".utf8))
    exit(64)
}
let process = Process()
process.executableURL = URL(fileURLWithPath: arguments[1])
process.arguments = ["--experimental-dump-help"]
let pipe = Pipe()
process.standardOutput = pipe
try process.run()
let data = pipe.fileHandleForReading.readDataToEndOfFile()
process.waitUntilExit()
guard let root = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["command"] as? [String: Any],
      let play = (root["subcommands"] as? [[String: Any]])?.first(where: { $0["commandName"] as? String == "play" }) else {
    FileHandle.standardError.write(Data("tvshell-manual: \(arguments[1]) --experimental-dump-help gave no commands\n".utf8))
    exit(65)
}
func section(_ name: String) -> String {
    (try? String(contentsOfFile: arguments[2] + "/" + name + ".mdoc", encoding: .utf8)) ?? ""
}

var page: [String] = []
let formatter = DateFormatter()
formatter.locale = Locale(identifier: "en_US_POSIX")
formatter.dateFormat = "MMMM d, yyyy"
page += [".Dd \(formatter.string(from: Date()))", ".Dt TVSHELL 1", ".Os", ".Sh NAME", ".Nm tvshell", ".Nd \(roff(root["abstract"] as? String ?? ""))"]
page += [".Sh SYNOPSIS", ".Nm", ".Op Ar options", ".Op Ar PATH_OR_URL ...", ".Nm", ".Ar command", ".Op Ar arguments"]
page += [".Sh DESCRIPTION"] + paragraphs(root["discussion"] as? String ?? "").dropFirst()
page += [".Pp", "Without a command (or with", ".Cm play ) ,", ".Nm", "plays files, URLs or a lineup, with these options:"]
page += list(play["arguments"] as? [[String: Any]] ?? [])
page += [".Sh COMMANDS", ".Bl -tag -width 6n"] + commands(root, path: ["tvshell"]) + [".El"]
for name in ["keys", "files", "environment", "exit-status", "examples"] { page.append(section(name).trimmingCharacters(in: .newlines)) }
page += [".Sh AUTHORS", "The tvshell developers."]
print(page.filter { !$0.isEmpty }.joined(separator: "\n"))
