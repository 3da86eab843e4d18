import Foundation
@testable import OAuthEngine

/// A ``WallClock`` that only moves when told to.
final class TestClock: WallClock, @unchecked Sendable {
    // @unchecked: `current` is only touched under `lock`.
    private let lock = NSLock()
    private var current: Date

    /// Starts at a fixed, round instant (2025-01-01T00:00:00Z) unless told otherwise.
    init(_ start: Date = Date(timeIntervalSince1970: 1_735_689_600)) {
        current = start
    }

    func now() -> Date { lock.withLock { current } }

    /// Moves the clock forward (or back, with a negative interval).
    func advance(by seconds: TimeInterval) { lock.withLock { current = current.addingTimeInterval(seconds) } }

    /// Sets the clock.
    func set(_ date: Date) { lock.withLock { current = date } }

    /// `now()` as seconds since 1970.
    var seconds: TimeInterval { now().timeIntervalSince1970 }
}

/// A clock on real time plus an offset that tests move forward: for flows against a running emulator,
/// whose own clock is real time, where the client must see time pass (expiry, refresh) without waiting.
final class MovableClock: WallClock, @unchecked Sendable {
    // @unchecked: `offset` is only touched under `lock`.
    private let lock = NSLock()
    private var offset: TimeInterval = 0

    func now() -> Date { lock.withLock { Date().addingTimeInterval(offset) } }

    /// Moves the clock forward by `seconds`.
    func advance(by seconds: TimeInterval) { lock.withLock { offset += seconds } }
}
