#if PostgreSQL
import PostgresNIO

/// A PostgreSQL store could not do its job: bad configuration, or the database refused or could not be
/// reached.
///
/// The message names what failed and, for a database error, its kind and SQLSTATE only: never a nonce, a
/// session ID, a digest or the server's own message text (which can quote the values of a row).
public struct PostgresStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// `error` from the database as a store failure, described by `what` failed ("the nonce store"):
    /// its kind and SQLSTATE for a PostgreSQL error, its type alone otherwise.
    init(_ what: String, failedWith error: any Error) {
        switch error {
        case let error as PostgresStoreError:
            self = error
        case let error as PSQLError:
            self.init("\(what) failed: \(Self.summary(of: error))")
        case let error as PostgresTransactionError:
            let inner = error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError
            if let inner { self.init(what, failedWith: inner) } else { self.init("\(what) failed (a transaction)") }
        default:
            self.init("\(what) failed (\(type(of: error)))")
        }
    }

    /// The message.
    public var description: String { message }

    // The error's kind ("server", "connectionError"…) and, from the server, its SQLSTATE (five characters
    // from a fixed table, e.g. 42P01): never its message, detail or query.
    private static func summary(of error: PSQLError) -> String {
        if let state = error.serverInfo?[.sqlState] {
            return "PostgreSQL error \(state.filter { $0.isLetter || $0.isNumber }.prefix(5))"
        }
        return "\(error.code)"
    }
}
#endif
