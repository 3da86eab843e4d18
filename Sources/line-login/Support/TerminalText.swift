#if CLI
import LineLoginPrimitives

/// The bounds of provider text in the CLI's human output, each applied where the field is placed in a
/// line (docs/CLI_JSON.md lists them; JSON output keeps values whole). A value over its bound is cut and
/// marked `… [cut: N characters in all]`; every line then has its controls written out by ``Console``.
/// The engine already keeps a provider's `error` to 128 characters and its `error_description` to 1,024.
enum TerminalText {
    /// A device flow's `user_code`: RFC 8628 codes are about eight characters, typed by a person.
    static let userCodeLimit = 64
    /// An address the user is asked to open (`verification_uri`, `verification_uri_complete`, a picture).
    static let urlLimit = 2_048
    /// Any other provider value shown: a name, an email, a status message, scopes, a subject, a claim.
    static let fieldLimit = 1_024

    /// `value` cut to `limit` characters (see ``UntrustedText/bounded(_:limit:)``).
    static func field(_ value: String, limit: Int = fieldLimit) -> String {
        UntrustedText.bounded(value, limit: limit)
    }
}
#endif
