#if CLI
import Foundation

/// What a `token` command tree says, per provider: the one place the trees differ in words.
struct TokenCommandText: Sendable {
    var abstract: String
    var showAbstract: String
    var revealHelp: String
    var printAbstract: String
    var printDiscussion: String
    /// The validation error of `print` without `--reveal`.
    var printNeedsReveal: String
    /// The name and abstract of the provider's own check of a token.
    var checkName: String
    var checkAbstract: String
    var revokeAbstract: String
    var revokeDiscussion: String

    /// `line-login token …`: the LINE session of a channel.
    static let line = TokenCommandText(
        abstract: "Inspect, refresh, verify or revoke your access token.",
        showAbstract: "Show the stored token's permissions, expiry and ID-token claims.",
        revealHelp: "Also print the access token and raw ID token (they are secrets: mind your terminal history and logs).",
        printAbstract:
            "Print the bare access token, for scripts: `curl -H \"Authorization: Bearer $(line-login token print --reveal)\" …`.",
        printDiscussion:
            "The token is a secret: --reveal is required, as with `token show --reveal`, the only other command that prints it.",
        printNeedsReveal: "token print writes the access token itself to stdout: add --reveal to confirm.",
        checkName: "verify",
        checkAbstract: "Verify the access token with LINE (channel, permissions, remaining life).",
        revokeAbstract: "Revoke the access token (or, with --refresh, the refresh token) and forget the session.",
        revokeDiscussion: "")

    /// `line-login oauth token …`: the session of any OAuth 2.0 / OpenID Connect provider.
    static let oauth = TokenCommandText(
        abstract: "Show, refresh, introspect or revoke the session's tokens.",
        showAbstract: "Show the stored tokens' scopes, expiry and ID-token claims (exit 3 if none).",
        revealHelp: "Also print the tokens (they are secrets: mind your terminal history and logs).",
        printAbstract: "Print the bare access token, for scripts (`$(line-login oauth token print --reveal)`).",
        printDiscussion:
            "The token is a secret: --reveal is required, as with `oauth token show --reveal`, the only other command that prints it.",
        printNeedsReveal: "oauth token print writes the access token itself to stdout: add --reveal to confirm.",
        checkName: "introspect",
        checkAbstract: "Ask the provider whether the access (or refresh) token is active (RFC 7662).",
        revokeAbstract: "Revoke the access token (or, with --refresh, the refresh token) at the provider (RFC 7009).",
        revokeDiscussion:
            "After revoking the access token the session refreshes before its next call, if it has a refresh token; otherwise it is forgotten."
    )
}
#endif
