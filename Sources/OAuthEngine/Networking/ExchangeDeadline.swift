package import Foundation
import LineLoginPrimitives

/// A deadline for a whole HTTP exchange that holds whatever the transport underneath does: the
/// URLSession transport's and (`package`) the AsyncHTTPClient transport's.
///
/// URLSession on Linux does not keep `URLRequest.timeoutInterval` as a deadline: a server that
/// accepts and never answers held a call for 60 s, one trickling a byte at a time for 121 s. So the
/// exchange races a timer on ``DeadlineRace`` (the package's one racer): the first to finish answers,
/// and the loser is cancelled and never waited for.
package enum ExchangeDeadline {
    /// The longest deadline armed, a year: longer values (and infinity) mean "no practical deadline"
    /// without overflowing the timer.
    package static let longest: TimeInterval = 365 * 86_400

    /// The result of `exchange`, or ``TransportError/timedOut`` once `seconds` have passed, or
    /// ``TransportError/cancelled`` as soon as the calling task is cancelled. A `seconds` that is
    /// NaN, zero or negative times out at once: a broken deadline fails closed.
    package static func run<Value: Sendable>(
        seconds: TimeInterval, _ exchange: @escaping @Sendable () async throws(TransportError) -> Value
    ) async throws(TransportError) -> Value {
        let timeout: Duration = seconds > 0 ? .seconds(min(seconds, longest)) : .zero
        switch await DeadlineRace.run(timeout: timeout, exchange) {
        case .finished(let result): return try result.get()
        case .timedOut: throw .timedOut
        case .cancelled: throw .cancelled
        }
    }
}
