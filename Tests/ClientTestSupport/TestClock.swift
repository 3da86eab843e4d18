import Foundation
@testable import OAuthEngine
import LineLoginPrimitives

/// A ``WallClock`` that only moves when told to.
final class TestClock: WallClock, Sendable {
    private let current: LockedValue<Date>

    /// Starts at a fixed, round instant (2025-01-01T00:00:00Z) unless told otherwise.
    init(_ start: Date = Date(timeIntervalSince1970: 1_735_689_600)) {
        current = LockedValue(start)
    }

    func now() -> Date { current.current }

    /// Moves the clock forward (or back, with a negative interval).
    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }

    /// Sets the clock.
    func set(_ date: Date) { current.withLock { $0 = date } }

    /// `now()` as seconds since 1970.
    var seconds: TimeInterval { now().timeIntervalSince1970 }
}

/// A clock on real time plus an offset that tests move forward: for flows against a running emulator,
/// whose own clock is real time, where the client must see time pass (expiry, refresh) without waiting.
final class MovableClock: WallClock, Sendable {
    private let offset = LockedValue<TimeInterval>(0)

    func now() -> Date { offset.withLock { Date().addingTimeInterval($0) } }

    /// Moves the clock forward by `seconds`.
    func advance(by seconds: TimeInterval) { offset.withLock { $0 += seconds } }
}
