import Foundation
import ShellProbes
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Processes tests start")
struct SpawnDescriptorTests {
    @Test("a process a test starts holds none of the test process's descriptors beyond its standard streams")
    func noInheritedDescriptors() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { fds.forEach { close($0) } }
        // pipe(2) without O_CLOEXEC: a plain spawn would hand both ends on.
        let script = fds.map { "[ -e /dev/fd/\($0) ] && echo \($0) open || echo \($0) closed" }.joined(separator: "; ")
        let (status, output) = try Spawn.run(["/bin/sh", "-c", script])
        #expect(status == 0)
        #expect(output == fds.map { "\($0) closed\n" }.joined(), "\(output)")
    }
}
