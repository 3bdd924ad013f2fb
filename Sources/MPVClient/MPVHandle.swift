import CMPV
#if canImport(Glibc)
import Glibc
#endif

/// A typed libmpv client handle. It knows nothing of TV.
///
/// Threading: create, configure and use it from one thread (the owner's loop).
/// The only cross-thread piece is the wakeup callback, which merely writes one
/// byte to the pipe given to `setWakeupPipe`; the owner then calls
/// `drainEvents()` on its own thread. Call `destroy()` (after freeing any
/// render context) before dropping the last reference.
public final class MPVHandle {
    private var handle: OpaquePointer?

    /// Creates an uninitialized handle. Requires `LC_NUMERIC` to be "C".
    public init() throws(MPVError) {
        if let failure = MPVLibrary.loadFailure() {
            throw MPVError(code: MPV_ERROR_GENERIC.rawValue, call: "loading libmpv (\(failure))")
        }
        guard let h = mpv_create() else {
            throw MPVError(code: MPV_ERROR_GENERIC.rawValue, call: "mpv_create (is LC_NUMERIC \"C\"?)")
        }
        handle = h
    }

    deinit { destroy() }

    /// The raw handle, for the render context.
    var raw: OpaquePointer {
        guard let handle else { preconditionFailure("MPVHandle used after destroy()") }
        return handle
    }

    /// Sets an option; only before `initialize()` for most options.
    public func setOption(_ name: String, _ value: String) throws(MPVError) {
        try MPVError.check(mpv_set_option_string(raw, name, value), "set option \(name)=\(value)")
    }

    /// Starts the player core.
    public func initialize() throws(MPVError) {
        try MPVError.check(mpv_initialize(raw), "mpv_initialize")
    }

    /// Asks for log messages of `level` and above ("warn", "info", …).
    public func requestLogMessages(_ level: String) throws(MPVError) {
        try MPVError.check(mpv_request_log_messages(raw, level), "request_log_messages \(level)")
    }

    /// Observes every property of `ObservedProperty`; changes arrive as
    /// `.propertyChange` events (including mpv's initial notice).
    public func observeAll() throws(MPVError) {
        for property in ObservedProperty.allCases {
            try MPVError.check(
                mpv_observe_property(raw, UInt64(property.rawValue), property.name, property.format),
                "observe \(property.name)"
            )
        }
    }

    /// Observes `properties` afresh: mpv sends each one's value now and at
    /// its next change, whatever it sent before (it tells an observed
    /// property only when its value differs from the one it told last).
    public func observeAgain(_ properties: [ObservedProperty]) throws(MPVError) {
        for property in properties {
            _ = mpv_unobserve_property(raw, UInt64(property.rawValue))
            try MPVError.check(
                mpv_observe_property(raw, UInt64(property.rawValue), property.name, property.format),
                "observe \(property.name)"
            )
        }
    }

    /// Makes mpv write one byte to `fd` whenever events are pending. The
    /// callback runs on an mpv thread and only writes; `fd` must be non-blocking.
    public func setWakeupPipe(_ fd: Int32) {
        mpv_set_wakeup_callback(raw, { ctx in
            var byte: UInt8 = 1
            _ = write(Int32(Int(bitPattern: ctx)), &byte, 1)
        }, UnsafeMutableRawPointer(bitPattern: Int(fd)))
    }

    /// Runs a command synchronously.
    public func command(_ args: [String]) throws(MPVError) {
        let code = withCStrings(args) { mpv_command(raw, $0) }
        try MPVError.check(code, args.joined(separator: " "))
    }

    /// `loadfile URL replace [OPTIONS]`, returning the new playlist entry id,
    /// which the START_FILE and END_FILE events of that entry carry. `options`
    /// are per-file options; values are quoted as `%length%value`, so they may
    /// hold commas (mpv 0.35 takes no index argument).
    @discardableResult
    public func loadFile(_ url: String, options: [String: String] = [:]) throws(MPVError) -> Int64 {
        let args = Self.loadArguments(url, options: options)
        var result = mpv_node()
        let code = withCStrings(args) { mpv_command_ret(raw, $0, &result) }
        try MPVError.check(code, "loadfile \(url)")
        defer { mpv_free_node_contents(&result) }
        return Self.int64(in: result, key: "playlist_entry_id") ?? -1
    }

    /// `loadFile` without waiting for mpv's core (which may be busy ending
    /// the file before, an HLS live stream's reader for up to a few hundred
    /// milliseconds): the new entry id comes as `.commandReply` with
    /// `userdata`, before the entry's START_FILE (mpv runs a client's
    /// requests in order).
    public func loadFileAsync(_ url: String, options: [String: String] = [:], userdata: UInt64) throws(MPVError) {
        try commandAsync(Self.loadArguments(url, options: options), userdata: userdata)
    }

    /// Runs a command without waiting for mpv's core; its reply comes as
    /// `.commandReply` with `userdata` (0: nobody asks for it). Requests run
    /// in the order they were made, synchronous ones included.
    public func commandAsync(_ args: [String], userdata: UInt64 = 0) throws(MPVError) {
        let code = withCStrings(args) { mpv_command_async(raw, userdata, $0) }
        try MPVError.check(code, args.first ?? "command")
    }

    /// `items` as the value of a string-list option (`http-header-fields`):
    /// joined by commas, a comma within an item escaped with a backslash
    /// (mpv would end the item there; it takes any other backslash as it
    /// is). Any thread.
    public static func stringList(_ items: [String]) -> String {
        items.map { $0.split(separator: ",", omittingEmptySubsequences: false).joined(separator: "\\,") }.joined(separator: ",")
    }

    static func loadArguments(_ url: String, options: [String: String]) -> [String] {
        var args = ["loadfile", url, "replace"]
        if !options.isEmpty {
            args.append(options.sorted { $0.key < $1.key }.map { "\($0.key)=%\($0.value.utf8.count)%\($0.value)" }.joined(separator: ","))
        }
        return args
    }

    /// Sets a property from a string value.
    public func setProperty(_ name: String, _ value: String) throws(MPVError) {
        try MPVError.check(mpv_set_property_string(raw, name, value), "set \(name)=\(value)")
    }

    /// Sets a property from a string value without waiting for mpv's core
    /// (its reply event is ignored): for a change that the core finishes
    /// only with the caller's help, as a new `vo` with a render context,
    /// whose set-up waits on the render context's owner thread.
    public func setPropertyAsync(_ name: String, _ value: String) throws(MPVError) {
        let code: Int32 = value.withCString { cValue in
            var pointer: UnsafePointer<CChar>? = cValue
            return mpv_set_property_async(raw, 0, name, MPV_FORMAT_STRING, &pointer)
        }
        try MPVError.check(code, "set \(name)=\(value)")
    }

    /// Sets a flag property.
    public func setFlag(_ name: String, _ value: Bool) throws(MPVError) {
        var flag: Int32 = value ? 1 : 0
        try MPVError.check(mpv_set_property(raw, name, MPV_FORMAT_FLAG, &flag), "set \(name)=\(value)")
    }

    /// Reads a property as a string.
    public func string(_ name: String) throws(MPVError) -> String {
        guard let cstr = mpv_get_property_string(raw, name) else {
            throw MPVError(code: MPV_ERROR_PROPERTY_UNAVAILABLE.rawValue, call: "get \(name)")
        }
        defer { mpv_free(cstr) }
        return String(cString: cstr)
    }

    /// Reads a property as a double.
    public func double(_ name: String) throws(MPVError) -> Double {
        var value = 0.0
        try MPVError.check(mpv_get_property(raw, name, MPV_FORMAT_DOUBLE, &value), "get \(name)")
        return value
    }

    /// Reads a property as an integer.
    public func int(_ name: String) throws(MPVError) -> Int64 {
        var value: Int64 = 0
        try MPVError.check(mpv_get_property(raw, name, MPV_FORMAT_INT64, &value), "get \(name)")
        return value
    }

    /// Reads a flag property.
    public func flag(_ name: String) throws(MPVError) -> Bool {
        var value: Int32 = 0
        try MPVError.check(mpv_get_property(raw, name, MPV_FORMAT_FLAG, &value), "get \(name)")
        return value != 0
    }

    /// Reads a property as a node (maps and lists included), e.g. `metadata`.
    public func node(_ name: String) throws(MPVError) -> MPVNode {
        var value = mpv_node()
        try MPVError.check(mpv_get_property(raw, name, MPV_FORMAT_NODE, &value), "get \(name)")
        defer { mpv_free_node_contents(&value) }
        return MPVNode(value)
    }

    /// Registers for the hook `name` ("on_preloaded", …): mpv stops at it and
    /// sends `.hook(name:id:)`, then waits for `continueHook(id)` (see
    /// client.h's "hooks"). Lower `priority` runs first.
    public func addHook(_ name: String, priority: Int32 = 0) throws(MPVError) {
        try MPVError.check(mpv_hook_add(raw, 0, name, priority), "hook_add \(name)")
    }

    /// Lets mpv go on after the hook with `id`. mpv waits for this, even when
    /// playback was stopped meanwhile.
    public func continueHook(_ id: UInt64) throws(MPVError) {
        try MPVError.check(mpv_hook_continue(raw, id), "hook_continue")
    }

    /// Drains every pending event (`mpv_wait_event(h, 0)` until NONE), copying
    /// each before the next wait. Empty the wakeup pipe before calling, so a
    /// wakeup during the drain is not lost. Owner's thread only.
    public func drainEvents() -> [MPVEvent] {
        var events: [MPVEvent] = []
        while let h = handle {
            let event = mpv_wait_event(h, 0)!
            if event.pointee.event_id == MPV_EVENT_NONE { break }
            events.append(MPVEvent(event))
        }
        return events
    }

    /// Blocks up to `timeout` seconds for one event (negative: forever).
    /// Owner's thread only; meant for tests and tools without a loop.
    public func waitEvent(timeout: Double) -> MPVEvent? {
        let event = mpv_wait_event(raw, timeout)!
        if event.pointee.event_id == MPV_EVENT_NONE { return nil }
        return MPVEvent(event)
    }

    /// Terminates the core and frees the handle. Free any render context first.
    public func destroy() {
        guard let h = handle else { return }
        mpv_set_wakeup_callback(h, nil, nil)
        mpv_terminate_destroy(h)
        handle = nil
    }

    /// The video frame on screen now, as mpv's `screenshot-raw video` gives
    /// it: `bgr0` pixels at the video's own size (nil when there is none).
    /// Synchronous: it waits for mpv's core, and copies the frame.
    public func screenshotRaw() throws(MPVError) -> (pixels: [UInt8], width: Int, height: Int, stride: Int)? {
        var result = mpv_node()
        let code = withCStrings(["screenshot-raw", "video"]) { mpv_command_ret(raw, $0, &result) }
        try MPVError.check(code, "screenshot-raw")
        defer { mpv_free_node_contents(&result) }
        guard result.format == MPV_FORMAT_NODE_MAP, let list = result.u.list?.pointee else { return nil }
        var width = 0, height = 0, stride = 0, format = ""
        var bytes: mpv_byte_array?
        for i in 0..<Int(list.num) {
            guard let k = list.keys?[i] else { continue }
            let value = list.values[i]
            switch String(cString: k) {
            case "w": width = Int(value.u.int64)
            case "h": height = Int(value.u.int64)
            case "stride": stride = Int(value.u.int64)
            case "format": format = value.u.string.map { String(cString: $0) } ?? ""
            case "data": if value.format == MPV_FORMAT_BYTE_ARRAY { bytes = value.u.ba?.pointee }
            default: break
            }
        }
        guard format == "bgr0", width > 0, height > 0, stride >= width * 4, let bytes, let data = bytes.data, bytes.size >= stride * height else {
            return nil
        }
        return ([UInt8](UnsafeRawBufferPointer(start: data, count: stride * height)), width, height, stride)
    }

    static func int64(in node: mpv_node, key: String) -> Int64? {
        guard node.format == MPV_FORMAT_NODE_MAP, let list = node.u.list?.pointee else { return nil }
        for i in 0..<Int(list.num) {
            guard let k = list.keys?[i], String(cString: k) == key else { continue }
            let value = list.values[i]
            if value.format == MPV_FORMAT_INT64 { return value.u.int64 }
        }
        return nil
    }
}

/// Calls `body` with a NULL-terminated C array of the strings.
func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let duplicates = strings.map { strdup($0) }
    defer { duplicates.forEach { free($0) } }
    var pointers: [UnsafePointer<CChar>?] = duplicates.map { UnsafePointer($0) }
    pointers.append(nil)
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
