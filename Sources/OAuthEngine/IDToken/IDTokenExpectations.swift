public import Foundation

/// What one ID token must satisfy: everything the validator checks that comes from the login attempt
/// rather than from the provider configuration.
public struct IDTokenExpectations: Sendable {
    /// The nonce sent with the authorization request; `nil` only where the provider profile sends none.
    public var nonce: String?
    /// `max_age` as sent, which makes `auth_time` required and bounded.
    public var maxAge: TimeInterval?
    /// The user ID when already known (e.g. from the profile).
    public var subject: String?

    /// Creates expectations.
    public init(nonce: String? = nil, maxAge: TimeInterval? = nil, subject: String? = nil) {
        self.nonce = nonce
        self.maxAge = maxAge
        self.subject = subject
    }
}
