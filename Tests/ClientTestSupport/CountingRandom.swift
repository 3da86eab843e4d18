import Foundation
@testable import OAuthEngine
import LineLoginPrimitives

/// A deterministic ``RandomSource``: call *n* (from 1) returns bytes `n, n+1, n+2, …` (mod 256), so every
/// call yields different bytes and tests can tell which call produced what. Counts calls.
final class CountingRandom: RandomSource, Sendable {
    private let calls = LockedValue(0)
    private let constant: UInt8?

    /// - Parameter constant: when set, every call returns only this byte (to show what identical
    ///   random output would do).
    init(constant: UInt8? = nil) {
        self.constant = constant
    }

    func bytes(count: Int) -> [UInt8] {
        let call = calls.withLock { calls -> Int in
            calls += 1
            return calls
        }
        if let constant { return [UInt8](repeating: constant, count: count) }
        return (0..<count).map { UInt8(truncatingIfNeeded: call &+ $0) }
    }

    /// How many times ``bytes(count:)`` was called.
    var callCount: Int { calls.current }
}
