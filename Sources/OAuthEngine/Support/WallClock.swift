public import Foundation

/// The source of "now" for expiry and ID-token time checks.
///
/// A protocol so tests and the emulator can move time without sleeping.
public protocol WallClock: Sendable {
    /// The current time.
    func now() -> Date
}

/// The system clock.
public struct SystemClock: WallClock {
    /// Creates the system clock.
    public init() {}
    /// The current system time.
    public func now() -> Date { Date() }
}
