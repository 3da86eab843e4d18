#if CLI
import ArgumentParser
import Foundation

/// The options of one `token` command tree: how a provider's stored session is found (LINE's channel
/// options for `token …`, an OAuth issuer and client for `oauth token …`) and what the tree says.
///
/// The commands are written once over this seam; each provider's words are in ``TokenCommandText`` and
/// its calls and rendering in its ``TokenSession``.
protocol TokenSessionOptions: ParsableArguments {
    associatedtype Session: TokenSession

    /// The provider's words: abstracts, help and refusals.
    static var text: TokenCommandText { get }

    /// `--json`.
    var json: Bool { get }

    /// `--verbose` and `--show-http`.
    var diagnostics: DiagnosticOptions { get }

    /// Refuses option values the provider can't use, before anything runs.
    func validateOptions() throws

    /// The stored session, to read (`show`, `print`) or to call the provider with (`refresh`, the check, `revoke`).
    func openSession(_ use: TokenSessionUse) async throws -> Session
}

/// What a `token` command does with the stored session.
enum TokenSessionUse {
    /// Read the stored tokens: a session that neither a flag nor a previous login names is "not logged in".
    case reading
    /// Ask the provider about or with the tokens.
    case calling
}

/// The stored session of one provider: its current tokens, and what the provider can do with them.
/// Errors leave as a ``CommandFailure`` or a `LineSDKError`, which ``reportingFailures(_:_:)`` explains.
protocol TokenSession {
    associatedtype Tokens: SessionTokens
    /// The flags of the provider's own check of a token (LINE's verify, RFC 7662 introspection).
    associatedtype CheckOptions: ParsableArguments

    /// The failure when no tokens are stored.
    var notLoggedIn: CommandFailure { get }

    /// The stored tokens, or nil when there are none.
    func current() async throws -> Tokens?

    /// Refreshes the access token now.
    func refresh() async throws -> Tokens

    /// Revokes the access token, or the refresh token, at the provider.
    func revoke(refreshToken: Bool) async throws -> TokenReport

    /// Asks the provider whether the token is good.
    func check(_ options: CheckOptions) async throws -> TokenReport
}

/// A provider's tokens as the CLI shows them: never a token's value unless `--reveal` (or `print`).
protocol SessionTokens {
    /// The access token itself, for `token print --reveal`.
    var accessToken: String { get }

    /// The line `token show` prints before ``lines``, if the provider has one.
    var heading: String? { get }

    /// The JSON summary (docs/CLI_JSON.md); with `reveal`, also the tokens.
    func summary(reveal: Bool) -> [String: Any]

    /// The summary for people.
    var lines: [String] { get }
}
#endif
