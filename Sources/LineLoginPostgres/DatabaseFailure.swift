#if PostgreSQL
import PostgresNIO

/// What a failed operation says about the database, which decides whether a store pauses: only a database
/// that can't be reached (or several timeouts in a row) pauses a store; an error the server answered
/// about one request fails that request alone.
enum DatabaseFailure: Sendable, Equatable {
    /// The connection or the pool failed (refused, closed, unusable, or the server refusing sessions):
    /// the next operation would fail alike.
    case unreachable
    /// A lock wait passed `lock_timeout` (SQLSTATE 55P03), or the wait for the same client's earlier
    /// request on this instance did (``ClientBusy``): another request holds what this one needs.
    case lockTimeout
    /// The server answered this request with an error (or the client failed to read the answer): the
    /// database is up.
    case answered

    /// The kind of `error`, as thrown by PostgresNIO (a transaction's error is judged by what failed inside).
    init(_ error: any Error) {
        switch error {
        case is ClientBusy:
            self = .lockTimeout
        case let error as PSQLError:
            self = Self.kind(of: error)
        case let error as PostgresTransactionError:
            let inner = error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError
            self = inner.map(DatabaseFailure.init) ?? .answered
        default:
            self = .answered
        }
    }

    private static func kind(of error: PSQLError) -> Self {
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            if state == "55P03" { return .lockTimeout }
            // Class 08 (connection exception), 28 (invalid authorization), 53 (insufficient resources: too
            // many connections, out of memory or disk), 3D000 (no such database), 57P01–57P03 (the server is
            // shutting down or starting): every operation would be refused alike.
            if state.hasPrefix("08") || state.hasPrefix("28") || state.hasPrefix("53") || state == "3D000"
                || ["57P01", "57P02", "57P03"].contains(state)
            {
                return .unreachable
            }
            return .answered
        // The connection failed or closed, or what answered isn't PostgreSQL speaking its protocol.
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .poolClosed, .uncleanShutdown,
            .sslUnsupported, .failedToAddSSLHandler, .receivedUnencryptedDataAfterSSLRequest, .unsupportedAuthMechanism,
            .authMechanismRequiresPassword, .saslError, .messageDecodingFailure, .unexpectedBackendMessage:
            return .unreachable
        default:
            return .answered
        }
    }
}
#endif
