import Foundation

/// Waits until `condition` holds, looking every 10 ms for at most
/// `seconds`; whether it did. For what another thread (a keeper's) tells.
func eventually(within seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return true
}
