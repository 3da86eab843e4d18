#if Emulator
import Foundation

/// A validated authorization request, kept while the user signs in and consents.
struct AuthorizationRequest: Sendable, Equatable, Codable {
    var channelID: String
    var redirectURI: String
    var state: String
    /// Requested scopes, in request order, without duplicates.
    var scopes: [String]
    var nonce: String?
    /// The S256 `code_challenge`, when PKCE was used.
    var codeChallenge: String?
    /// `bot_prompt`: how the linked official account is offered, when it is.
    var botPrompt: BotPromptStyle?
    /// `max_age`, which makes `auth_time` appear in the ID token and bounds an SSO session's age.
    var maxAge: Int?
    /// The language of the pages (`ui_locales`).
    var locale: PageLocale = .english
    /// `initial_amr_display=lineqr`: the QR page comes first.
    var startsWithQRCode = false
    /// `switch_amr=false`: no switch between the email and QR methods.
    var hidesMethodSwitch = false
    /// `disable_auto_login=true`, or `disable_ios_auto_login=true` in an iOS flow: an SSO session asks
    /// "continue as" instead of signing in silently.
    var autoLoginDisabled = false
    /// `prompt=consent`: the consent screen is shown even for scopes granted before.
    var consentPrompted = false
}

/// `bot_prompt`: where the add-friend option is shown.
enum BotPromptStyle: String, Sendable, Equatable, Codable {
    /// A checkbox on the consent screen.
    case normal
    /// A screen of its own after the consent screen.
    case aggressive
}
#endif
