public import Foundation

/// The seam between the engine and the network. Production uses ``URLSessionTransport``; tests use a
/// scripted transport. A transport never follows redirects on its own and never retries.
///
/// Conformers may throw any error; the engine reports a ``TransportError`` as it is and any other error
/// by its type alone (an error's text may quote the URL, and with it a token).
public protocol HTTPTransport: Sendable {
    /// Sends the request and returns the response. Throw ``TransportError`` to say what failed.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

extension HTTPTransport {
    /// Sends `request` and reports every failure as a ``TransportError`` (see ``TransportError/init(_:)``).
    package func perform(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        do { return try await send(request) } catch { throw TransportError(error) }
    }
}

/// Failures below HTTP: nothing came back that could be read as a response.
public enum TransportError: Error, Sendable, Equatable {
    /// The request did not complete in time.
    case timedOut
    /// The connection could not be made or was reset.
    case connectionFailed(String)
    /// The request was cancelled.
    case cancelled
    /// Anything else the transport reports.
    case other(String)
    /// Not sent: the endpoint failed recently and is left alone for this many more seconds
    /// (``BackoffTransport``).
    case backingOff(seconds: TimeInterval)
    /// The response body was longer than the request's ``HTTPRequest/maximumResponseSize`` (counted as it
    /// arrived, or announced so by `Content-Length`); reading stopped there.
    case responseTooLarge(limit: Int)

    /// `error` as a transport failure: itself when it is one, ``cancelled`` for a `CancellationError`,
    /// otherwise ``other(_:)`` naming only its type.
    public init(_ error: any Error) {
        switch error {
        case let error as TransportError: self = error
        case is CancellationError: self = .cancelled
        default: self = .other(String(describing: type(of: error)))
        }
    }

    /// The `URLError` code behind the failure, when there was one (`-1001` for a timeout).
    public var urlErrorCode: Int? {
        switch self {
        case .timedOut: return -1001
        case .cancelled: return -999
        case .backingOff, .responseTooLarge: return nil
        case .connectionFailed(let message), .other(let message):
            guard message.hasPrefix("URLError ") else { return nil }
            return Int(message.dropFirst("URLError ".count))
        }
    }

    /// `true` when trying again later may work; a transient failure never clears stored tokens.
    public var isTransient: Bool {
        switch self {
        case .timedOut, .connectionFailed, .backingOff: return true
        case .cancelled, .other, .responseTooLarge: return false
        }
    }
}

extension TransportError: CustomStringConvertible {
    /// What failed, as a phrase for messages ("the request timed out").
    public var description: String {
        switch self {
        case .timedOut: return "the request timed out"
        case .connectionFailed(let reason): return Self.words(forURLErrorCode: urlErrorCode) ?? "the connection failed (\(reason))"
        case .cancelled: return "the request was cancelled"
        case .other(let reason): return Self.words(forURLErrorCode: urlErrorCode) ?? "the request failed (\(reason))"
        case .backingOff(let seconds):
            let whole = seconds.isFinite ? Int(max(1, seconds.rounded(.up))) : 1
            return "the server failed recently and is left alone for \(whole) more second\(whole == 1 ? "" : "s")"
        case .responseTooLarge(let limit):
            return "the answer was larger than \(Self.size(limit)), more than such an answer can be, so reading stopped"
        }
    }

    /// `262144` → `256 KiB`, `1048576` → `1 MiB`; other counts in bytes.
    private static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    // What the common URLError codes mean, in words; the code itself stays in the case for `urlErrorCode`.
    private static func words(forURLErrorCode code: Int?) -> String? {
        switch code {
        case -1004: return "nothing answered at that address (connection refused)"
        case -1003, -1006: return "the host name could not be found"
        case -1005: return "the connection was lost"
        case -1009: return "this machine is not connected to the network"
        case -1200, -1201, -1202, -1203, -1204, -1205, -1206: return "the secure (TLS) connection failed"
        case -1011: return "the server's answer was not a valid HTTP response"
        default: return nil
        }
    }
}
