#if PostgreSQL
public import PostgresNIO
import Foundation

/// A `postgres://user:password@host:port/database` URL as a client configuration, for applications and
/// tools that take their database as one setting (as `line-login example-site --postgres URL` does).
public enum PostgresURL {
    /// The client configuration `url` describes.
    /// - Parameters:
    ///   - url: `postgres://` or `postgresql://`, with host, optional port (5432), user, password and database.
    ///   - tls: how to talk to the server; `.disable` only for a server on the same machine or network.
    /// - Throws: ``PostgresStoreError`` naming what is wrong with the URL (never its password).
    public static func configuration(_ url: String, tls: PostgresClient.Configuration.TLS) throws(PostgresStoreError)
        -> PostgresClient.Configuration
    {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme, ["postgres", "postgresql"].contains(scheme) else {
            throw PostgresStoreError("the database URL must look like postgres://user:password@host:5432/database")
        }
        guard let host = parts.host, !host.isEmpty else { throw PostgresStoreError("the database URL has no host") }
        let database = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
        return PostgresClient.Configuration(
            host: host, port: parts.port ?? 5432, username: parts.user ?? "postgres",
            password: parts.password?.removingPercentEncoding ?? parts.password, database: database.isEmpty ? nil : database, tls: tls)
    }
}
#endif
