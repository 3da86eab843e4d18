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

/// A deterministic ``RandomSource``: call *n* (from 1) returns bytes `n, n+1, n+2, …` (mod 256), so every
/// call yields different bytes and tests can tell which call produced what. Counts calls.
final class CountingRandom: RandomSource, @unchecked Sendable {
    // @unchecked: `calls` is only touched under `lock`.
    private let lock = NSLock()
    private var calls = 0
    private let constant: UInt8?

    /// - Parameter constant: when set, every call returns only this byte (to show what identical
    ///   random output would do).
    init(constant: UInt8? = nil) {
        self.constant = constant
    }

    func bytes(count: Int) -> [UInt8] {
        let call = lock.withLock { () -> Int in
            calls += 1
            return calls
        }
        if let constant { return [UInt8](repeating: constant, count: count) }
        return (0..<count).map { UInt8(truncatingIfNeeded: call &+ $0) }
    }

    /// How many times ``bytes(count:)`` was called.
    var callCount: Int { lock.withLock { calls } }
}
