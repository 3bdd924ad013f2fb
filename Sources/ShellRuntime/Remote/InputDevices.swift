import CInput
import Foundation
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// Which input devices are read as remotes (`[input] devices`).
public enum InputDeviceSelection: Sendable, Equatable {
    /// Every keyboard and remote udev knows, and those plugged in later; on a
    /// console or with no terminal only (in a terminal emulator the keys
    /// already come through the terminal).
    case auto
    case none
    /// These paths: evdev nodes, or pipes of `struct input_event` records.
    case paths([String])
}

/// Keyboards, IR receivers and USB remotes as Linux input devices (evdev),
/// a port beside lircd: each device's descriptor is polled by the run loop,
/// its events decoded (`InputEventDecoder`) into buttons for the remote map.
/// With `auto`, udev finds them and its monitor adds those plugged in later
/// (and lets go of those unplugged). In a kiosk they are grabbed, so no key
/// reaches the console behind. A device that cannot be opened is named in
/// the log with the group to join. Run-loop thread only.
final class InputDevices {
    private final class Device {
        let path: String
        var fd: Int32
        var decoder = InputEventDecoder()
        let isPipe: Bool
        init(path: String, fd: Int32, isPipe: Bool) {
            self.path = path
            self.fd = fd
            self.isPipe = isPipe
        }
    }

    private let logger: Logger
    private let grab: Bool
    /// Whether keyboards are taken too (no terminal gives their keys, or they are grabbed).
    private let keyboards: Bool
    private var devices: [Int32: Device] = [:]
    private var udev: OpaquePointer?
    private var monitor: OpaquePointer?
    /// Paths refused once, so a device that stays refused is told once.
    private var refused: Set<String> = []

    init(selection: InputDeviceSelection, grab: Bool, keyboards: Bool, logger: Logger) {
        self.logger = logger
        self.grab = grab
        self.keyboards = keyboards
        switch selection {
        case .none:
            break
        case .paths(let paths):
            for path in paths { open(path, automatic: false) }
        case .auto:
            startUdev()
        }
    }

    deinit { close() }

    /// The descriptors to poll: each device, and udev's monitor.
    var descriptors: [Int32] {
        Array(devices.keys) + (monitor.map { [udev_monitor_get_fd($0)] } ?? [])
    }

    func owns(_ fd: Int32) -> Bool {
        devices[fd] != nil || monitor.map { udev_monitor_get_fd($0) == fd } == true
    }

    /// What `fd` has: buttons pressed and repeated; a device gone is let go,
    /// one plugged in is taken.
    func service(_ fd: Int32) -> [InputEventDecoder.Press] {
        if let monitor, udev_monitor_get_fd(monitor) == fd {
            hotplug(monitor)
            return []
        }
        guard let device = devices[fd] else { return [] }
        var presses: [InputEventDecoder.Press] = []
        var buffer = [UInt8](repeating: 0, count: 64 * InputEventDecoder.recordSize)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n > 0 {
                presses += buffer.withUnsafeBytes { device.decoder.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN { break }
            // The end of a pipe (its writer left: open it again for the
            // next), or a device unplugged (ENODEV).
            remove(device)
            if device.isPipe { open(device.path, automatic: false, quietly: true) } else { logger.info("input: \(device.path) went away") }
            break
        }
        return presses
    }

    func close() {
        for device in devices.values {
            if grab && !device.isPipe { _ = tvs_input_grab(device.fd, 0) }
            Glibc.close(device.fd)
        }
        devices.removeAll()
        if let monitor { udev_monitor_unref(monitor) }
        if let udev { udev_unref(udev) }
        monitor = nil
        udev = nil
    }

    // MARK: - Devices

    private func open(_ path: String, automatic: Bool, quietly: Bool = false) {
        guard !devices.values.contains(where: { $0.path == path }) else { return }
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let message = Self.openFailure(path, errno: errno)
            if refused.insert(path).inserted { logger.warning("\(message)") }
            return
        }
        refused.remove(path)
        var info = stat()
        let isPipe = fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
        if automatic && !keyboards && Self.isKeyboard(fd) {
            Glibc.close(fd)
            return
        }
        if grab && !isPipe && tvs_input_grab(fd, 1) != 0 {
            logger.warning("input: \(path) cannot be grabbed (\(String(cString: strerror(errno)))): its keys may reach the console too")
        }
        devices[fd] = Device(path: path, fd: fd, isPipe: isPipe)
        if !quietly { logger.info("input: reading \(path)\(isPipe ? " (a pipe of input events)" : "")\(grab && !isPipe ? ", grabbed" : "")") }
    }

    private func remove(_ device: Device) {
        devices[device.fd] = nil
        Glibc.close(device.fd)
    }

    /// Why `path` cannot be opened, after `subject` ("input: "); for a
    /// permission refusal, the group that may read it (`input`, as Debian's
    /// udev rules make it; `video` for /dev/cecN).
    static func openFailure(_ path: String, errno code: Int32, subject: String = "input: ") -> String {
        var message = "\(subject)\(path) cannot be opened (\(String(cString: strerror(code))))"
        guard code == EACCES || code == EPERM else { return message }
        var info = stat()
        var group = "input"
        if stat(path, &info) == 0, let entry = getgrgid(info.st_gid), let name = entry.pointee.gr_name { group = String(cString: name) }
        message += "; add tvshell's user to the group \"\(group)\" (usermod -aG \(group) USER) and start it again"
        return message
    }

    /// A keyboard with letters (whose keys a terminal on the console gives already).
    private static func isKeyboard(_ fd: Int32) -> Bool {
        var device: OpaquePointer?
        guard libevdev_new_from_fd(fd, &device) == 0, let device else { return false }
        defer { libevdev_free(device) }
        return libevdev_has_event_code(device, UInt32(EV_KEY), UInt32(KEY_A)) == 1 && libevdev_has_event_code(device, UInt32(EV_KEY), UInt32(KEY_Z)) == 1
    }

    // MARK: - udev

    private func startUdev() {
        guard let udev = udev_new() else {
            logger.info("input: udev is not there; no input devices are read")
            return
        }
        self.udev = udev
        if let monitor = udev_monitor_new_from_netlink(udev, "udev") {
            udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil)
            if udev_monitor_enable_receiving(monitor) == 0 {
                self.monitor = monitor
            } else {
                udev_monitor_unref(monitor)
                logger.info("input: udev's monitor cannot be used here; a remote plugged in later needs a restart")
            }
        }
        guard let enumerate = udev_enumerate_new(udev) else { return }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, "input")
        udev_enumerate_scan_devices(enumerate)
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            if let syspath = udev_list_entry_get_name(current), let device = udev_device_new_from_syspath(udev, syspath) {
                consider(device)
                udev_device_unref(device)
            }
            entry = udev_list_entry_get_next(current)
        }
    }

    private func hotplug(_ monitor: OpaquePointer) {
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            let action = udev_device_get_action(device).map { String(cString: $0) }
            if action == "add" {
                consider(device)
            } else if action == "remove", let node = udev_device_get_devnode(device).map({ String(cString: $0) }),
                      let gone = devices.values.first(where: { $0.path == node }) {
                remove(gone)
                logger.info("input: \(node) unplugged")
            }
        }
    }

    /// Takes a udev input device that has keys (`ID_INPUT_KEY`).
    private func consider(_ device: OpaquePointer) {
        guard let node = udev_device_get_devnode(device).map({ String(cString: $0) }), node.hasPrefix("/dev/input/event") else { return }
        let hasKeys = udev_device_get_property_value(device, "ID_INPUT_KEY").map { String(cString: $0) } == "1"
            || udev_device_get_property_value(device, "ID_INPUT_KEYBOARD").map { String(cString: $0) } == "1"
        guard hasKeys else { return }
        open(node, automatic: true)
    }
}
