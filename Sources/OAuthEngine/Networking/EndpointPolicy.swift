public import Foundation

/// Which endpoint URLs the engine will talk to: `https` everywhere, plain `http` only on a literal
/// loopback address (127.0.0.0/8, `[::1]`) for redirects, the emulator and tests.
public enum EndpointPolicy {
    /// `true` when the host is a loopback address or the name `localhost` (for `Host` headers and cookies).
    public static func isLoopback(host: String?) -> Bool {
        host?.lowercased() == "localhost" || isLoopbackAddress(host: host)
    }

    /// `true` only for a literal loopback address: 127.0.0.0/8 or `[::1]`. Plain-http endpoints need one;
    /// the name `localhost` is resolved by DNS configuration, so it doesn't qualify (security checklist).
    public static func isLoopbackAddress(host: String?) -> Bool {
        guard var host = host?.lowercased() else { return false }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { UInt8($0) != nil }
    }

    /// `true` when `url` is `https`, or `http` on a loopback host. Anything else is a configuration error.
    public static func isAllowed(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), url.host != nil else { return false }
        switch scheme {
        case "https": return true
        case "http": return isLoopbackAddress(host: url.host)
        default: return false
        }
    }

    /// Throws ``EndpointPolicyError`` unless ``isAllowed(_:)``.
    public static func check(_ url: URL, name: String) throws(EndpointPolicyError) {
        guard isAllowed(url) else { throw EndpointPolicyError(endpoint: name, url: url) }
    }
}

/// A configured endpoint is not `https` (and not loopback).
public struct EndpointPolicyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which endpoint, e.g. `token_endpoint`.
    public var endpoint: String
    /// The refused URL (endpoint URLs carry no secrets).
    public var url: URL
    /// A one-line explanation.
    public var description: String { "\(endpoint) must use https (plain http is allowed only on loopback): \(url.absoluteString)" }
}
