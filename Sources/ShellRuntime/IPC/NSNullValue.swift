import Foundation

/// JSON null for `JSONSerialization`.
enum NSNullValue {
    static var null: Any { NSNull() }
}
