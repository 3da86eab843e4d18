public import Foundation

extension LoginManager {
    /// How to offer adding the channel's linked official account as a friend (`bot_prompt`).
    public enum BotPrompt: String, Sendable {
        /// A checkbox on the consent screen.
        case normal
        /// A separate screen after consent.
        case aggressive
    }

    /// The first login method shown on LINE's web login page.
    public enum WebAuthenticationMethod: String, Sendable {
        /// Email and password (the default).
        case email
        /// The QR code login (`initial_amr_display=lineqr`).
        case qrCode
    }

    /// The language of LINE's web login pages (`ui_locales`), with LINE's named languages; any BCP 47
    /// tag can be given with ``init(rawValue:)``.
    public struct WebPageLanguage: RawRepresentable, Hashable, Sendable {
        /// The BCP 47 tag sent as `ui_locales`.
        public let rawValue: String

        /// A language by its BCP 47 tag, e.g. `"ja"` or `"en-US"`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Arabic.
        public static let arabic = WebPageLanguage(rawValue: "ar")
        /// German.
        public static let german = WebPageLanguage(rawValue: "de")
        /// English.
        public static let english = WebPageLanguage(rawValue: "en")
        /// Spanish.
        public static let spanish = WebPageLanguage(rawValue: "es")
        /// French.
        public static let french = WebPageLanguage(rawValue: "fr")
        /// Indonesian.
        public static let indonesian = WebPageLanguage(rawValue: "id")
        /// Italian.
        public static let italian = WebPageLanguage(rawValue: "it")
        /// Japanese.
        public static let japanese = WebPageLanguage(rawValue: "ja")
        /// Korean.
        public static let korean = WebPageLanguage(rawValue: "ko")
        /// Malay.
        public static let malay = WebPageLanguage(rawValue: "ms")
        /// Portuguese (Brazil).
        public static let portugueseBrazilian = WebPageLanguage(rawValue: "pt-BR")
        /// Portuguese (Portugal).
        public static let portugueseEuropean = WebPageLanguage(rawValue: "pt-PT")
        /// Russian.
        public static let russian = WebPageLanguage(rawValue: "ru")
        /// Thai.
        public static let thai = WebPageLanguage(rawValue: "th")
        /// Turkish.
        public static let turkish = WebPageLanguage(rawValue: "tr")
        /// Vietnamese.
        public static let vietnamese = WebPageLanguage(rawValue: "vi")
        /// Chinese (Simplified).
        public static let chineseSimplified = WebPageLanguage(rawValue: "zh-Hans")
        /// Chinese (Traditional).
        public static let chineseTraditional = WebPageLanguage(rawValue: "zh-Hant")
    }

    /// Options for one login, named as in LINE's SDK.
    public struct Parameters: Sendable, Equatable {
        /// `prompt` values (this package's addition).
        public enum Prompt: String, Sendable {
            /// Always show the consent screen.
            case consent
            /// Never show UI; fail if interaction is needed.
            case none
            /// Always ask the user to log in.
            case login
        }

        /// This package's earlier name for ``LoginManager/BotPrompt``.
        public typealias BotPrompt = LoginManager.BotPrompt
        /// This package's earlier name for ``LoginManager/WebAuthenticationMethod``.
        public typealias WebAuthenticationMethod = LoginManager.WebAuthenticationMethod

        /// Only use web login, never hand the login to the LINE app (which needs a ``LineAppOpener``:
        /// `UIApplication`'s on iOS, none elsewhere).
        public var onlyWebLogin = false
        /// `bot_prompt`: offer the linked official account as a friend.
        public var botPromptStyle: BotPrompt?
        /// `ui_locales`: the language of LINE's web pages.
        public var preferredWebPageLanguage: WebPageLanguage?
        /// `prompt_bot_id`: the official account to offer (LINE partners only).
        public var promptBotID: String?
        /// The nonce for the ID token. Generated when `openID` is asked for and this is `nil`.
        public var IDTokenNonce: String?
        /// Whether a login started while another runs replaces it (the first one then fails with
        /// `generalError(.processDiscarded)`), as in LINE's SDK. When `false` (the default) the new login
        /// is ignored: the completion form returns `nil` and never calls its handler; the async form throws
        /// `generalError(.parameterError)` naming this parameter, since an async call has to end.
        public var allowRecreatingLoginProcess = false
        /// `initial_amr_display`.
        public var initialWebAuthenticationMethod: WebAuthenticationMethod = .email
        /// `prompt` (this package's addition).
        public var prompt: Prompt?
        /// `max_age` in seconds; makes `auth_time` required in the ID token (this package's addition).
        public var maxAge: TimeInterval?
        /// `disable_auto_login=true`: send it on the retry after an auto-login failure (this package's addition).
        public var disableAutoLogin = false
        /// `switch_amr=false` hides the switch between login methods (this package's addition).
        public var hideLoginMethodSwitch = false

        /// Default parameters.
        public init() {}

        /// Parameters from LINE's older options and language.
        @available(*, deprecated, message: "Set the properties of `LoginManager.Parameters` instead.")
        public init(options: LoginManagerOptions, language: WebPageLanguage?) {
            onlyWebLogin = options.contains(.onlyWebLogin)
            if options.contains(.botPromptAggressive) {
                botPromptStyle = .aggressive
            } else if options.contains(.botPromptNormal) {
                botPromptStyle = .normal
            }
            preferredWebPageLanguage = language
        }

        /// The authorization-request query items these parameters add (`max_age` is added by the engine).
        var queryItems: [(String, String)] {
            var items: [(String, String)] = []
            if let botPromptStyle { items.append(("bot_prompt", botPromptStyle.rawValue)) }
            if let promptBotID { items.append(("prompt_bot_id", promptBotID)) }
            if let preferredWebPageLanguage { items.append(("ui_locales", preferredWebPageLanguage.rawValue)) }
            if initialWebAuthenticationMethod == .qrCode { items.append(("initial_amr_display", "lineqr")) }
            if let prompt { items.append(("prompt", prompt.rawValue)) }
            if disableAutoLogin { items.append(("disable_auto_login", "true")) }
            if hideLoginMethodSwitch { items.append(("switch_amr", "false")) }
            return items
        }
    }
}

/// LINE's older login options.
@available(*, deprecated, message: "Use `LoginManager.Parameters` instead.")
public struct LoginManagerOptions: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: Int

    /// Options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Only web login.
    @available(*, deprecated, message: "Use `LoginManager.Parameters.onlyWebLogin` instead.")
    public static let onlyWebLogin = LoginManagerOptions(rawValue: 1 << 0)
    /// `bot_prompt=normal`.
    @available(*, deprecated, message: "Use `LoginManager.Parameters.botPromptStyle` instead.")
    public static let botPromptNormal = LoginManagerOptions(rawValue: 1 << 1)
    /// `bot_prompt=aggressive`.
    @available(*, deprecated, message: "Use `LoginManager.Parameters.botPromptStyle` instead.")
    public static let botPromptAggressive = LoginManagerOptions(rawValue: 1 << 2)
}
