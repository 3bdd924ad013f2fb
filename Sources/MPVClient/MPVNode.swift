import CMPV

/// An `mpv_node` copied into Swift values (lists and maps included).
public indirect enum MPVNode: Equatable, Sendable {
    case none
    case string(String)
    case flag(Bool)
    case int(Int64)
    case double(Double)
    case array([MPVNode])
    case map([String: MPVNode])

    /// Copies `node`; its memory belongs to mpv and is only valid until the
    /// next `mpv_wait_event` (or `mpv_free_node_contents`).
    init(_ node: mpv_node) {
        switch node.format {
        case MPV_FORMAT_STRING: self = node.u.string.map { .string(String(cString: $0)) } ?? .none
        case MPV_FORMAT_FLAG: self = .flag(node.u.flag != 0)
        case MPV_FORMAT_INT64: self = .int(node.u.int64)
        case MPV_FORMAT_DOUBLE: self = .double(node.u.double_)
        case MPV_FORMAT_NODE_ARRAY:
            guard let list = node.u.list?.pointee else { self = .array([]); return }
            self = .array((0..<Int(list.num)).map { MPVNode(list.values[$0]) })
        case MPV_FORMAT_NODE_MAP:
            guard let list = node.u.list?.pointee else { self = .map([:]); return }
            var map: [String: MPVNode] = [:]
            for i in 0..<Int(list.num) {
                if let key = list.keys?[i] { map[String(cString: key)] = MPVNode(list.values[i]) }
            }
            self = .map(map)
        default: self = .none
        }
    }

    public subscript(key: String) -> MPVNode? { if case .map(let m) = self { m[key] } else { nil } }
    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var int: Int64? { if case .int(let i) = self { i } else { nil } }
    public var double: Double? {
        switch self {
        case .double(let d): d
        case .int(let i): Double(i)
        default: nil
        }
    }
    public var flag: Bool? { if case .flag(let b) = self { b } else { nil } }
    public var array: [MPVNode] { if case .array(let a) = self { a } else { [] } }
}
