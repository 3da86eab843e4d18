public import Foundation

/// A server's `Retry-After` (RFC 9110 §10.2.3): a number of seconds or an HTTP date.
///
/// Kept as sent and turned into a delay only by whoever honours it, with its own clock and cap
/// (``OutageBackoff``): a server's word is advice, never a reason to wait for hours.
public enum RetryAfter: Sendable, Equatable {
    /// `Retry-After: 120`.
    case seconds(Int)
    /// `Retry-After: Sun, 22 Nov 2026 18:00:00 GMT`.
    case date(Date)

    /// The `Retry-After` of `response`, or `nil` when it has none or it is not one of the two forms.
    public init?(_ response: HTTPResponse) {
        guard let value = response.header("retry-after") else { return nil }
        self.init(headerValue: value)
    }

    /// Parses a `Retry-After` value: non-negative delta-seconds (digits only, at most 9 of them), or an
    /// IMF-fixdate (the only date form RFC 9110 asks senders to use).
    public init?(headerValue: String) {
        let value = headerValue.trimmingCharacters(in: .whitespaces)
        if !value.isEmpty, value.utf8.count <= 9, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let seconds = Int(value)
        {
            self = .seconds(seconds)
            return
        }
        guard value.utf8.count == 29, let date = Self.imfFixdate.date(from: value) else { return nil }
        self = .date(date)
    }

    /// Seconds from `now` until the server asked to be called again; never negative.
    public func delay(from now: Date) -> TimeInterval {
        switch self {
        case .seconds(let seconds): return TimeInterval(seconds)
        case .date(let date): return max(0, date.timeIntervalSince(now))
        }
    }

    // "Sun, 06 Nov 1994 08:49:37 GMT". A DateFormatter with a fixed format and the POSIX locale is
    // thread-safe for parsing on every platform this package supports.
    private nonisolated(unsafe) static let imfFixdate: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }()
}
