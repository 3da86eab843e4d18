public import Foundation

extension LoginManager {
    /// Options for one login, named as in LINE's SDK.
    public struct Parameters: Sendable, Equatable {
        /// How to offer adding the channel's linked official account as a friend (`bot_prompt`).
        public enum BotPrompt: String, Sendable {
            /// A checkbox on the consent screen.
            case normal
            /// A separate screen after consent.
            case aggressive
        }

        /// The first login method shown on LINE's web login page.
        public enum WebAuthenticationMethod: Sendable {
            /// Email and password (the default).
            case email
            /// The QR code login (`initial_amr_display=lineqr`).
            case qrCode
        }

        /// `prompt` values.
        public enum Prompt: String, Sendable {
            /// Always show the consent screen.
            case consent
            /// Never show UI; fail if interaction is needed.
            case none
            /// Always ask the user to log in.
            case login
        }

        /// Only use web login. This SDK always uses LINE's public authorize endpoint, so this is kept for
        /// source compatibility and changes nothing.
        public var onlyWebLogin = false
        /// `bot_prompt`.
        public var botPromptStyle: BotPrompt?
        /// `ui_locales`: the language of LINE's web pages, e.g. `"ja"` or `"en-US"`.
        public var preferredWebPageLanguage: String?
        /// The nonce for the ID token. Generated when `openID` is asked for and this is `nil`.
        public var IDTokenNonce: String?
        /// `initial_amr_display`.
        public var initialWebAuthenticationMethod: WebAuthenticationMethod = .email
        /// `prompt`.
        public var prompt: Prompt?
        /// `max_age` in seconds; makes `auth_time` required in the ID token.
        public var maxAge: TimeInterval?
        /// `disable_auto_login=true`: send it on the retry after an auto-login failure.
        public var disableAutoLogin = false
        /// `switch_amr=false` hides the switch between login methods.
        public var hideLoginMethodSwitch = false

        /// Default parameters.
        public init() {}

        /// The authorization-request query items these parameters add (`max_age` is added by the engine).
        var queryItems: [(String, String)] {
            var items: [(String, String)] = []
            if let botPromptStyle { items.append(("bot_prompt", botPromptStyle.rawValue)) }
            if let preferredWebPageLanguage { items.append(("ui_locales", preferredWebPageLanguage)) }
            if initialWebAuthenticationMethod == .qrCode { items.append(("initial_amr_display", "lineqr")) }
            if let prompt { items.append(("prompt", prompt.rawValue)) }
            if disableAutoLogin { items.append(("disable_auto_login", "true")) }
            if hideLoginMethodSwitch { items.append(("switch_amr", "false")) }
            return items
        }
    }
}
