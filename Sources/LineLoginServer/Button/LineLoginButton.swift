#if Server
import LineLoginPlatform
/// A "Log in with LINE" button for web pages, after LINE's login button design guidelines: LINE green
/// `#06C755` with white text and mark; hover and press darken it with a 10 % and 30 % black layer; a
/// vertical line (8 % black) separates the mark from the text; disabled is white with a `#E5E5E5` (60 %)
/// border and line and `#1E1E1E` text at 20 %. The mark is a plain speech bubble drawn here, not LINE's
/// logo file. Put ``css`` in the page once (or serve it), then ``html`` where the button goes.
///
/// ```swift
/// let button = LineLoginButton(href: "/login")
/// let page = "<style>\(LineLoginButton.css)</style> … \(button.html)"
/// ```
public struct LineLoginButton: Sendable, Equatable {
    /// The label languages LINE recommends texts for.
    public enum Language: String, Sendable, CaseIterable {
        /// English.
        case english = "en"
        /// Japanese.
        case japanese = "ja"
        /// Korean.
        case korean = "ko"
        /// German.
        case german = "de"
        /// Spanish.
        case spanish = "es"

        /// LINE's long text, e.g. "Log in with LINE".
        public var longText: String { LoginButtonText.title(language: rawValue) }

        /// LINE's short text, e.g. "Log in".
        public var shortText: String {
            switch self {
            case .english: return "Log in"
            case .japanese: return "ログイン"
            case .korean: return "로그인"
            case .german: return "Anmelden"
            case .spanish: return "Iniciar sesión"
            }
        }
    }

    /// What the button says.
    public enum Label: Sendable, Equatable {
        /// LINE's long text ("Log in with LINE").
        case long
        /// LINE's short text ("Log in").
        case short
        /// Your own text: one line, and it must say that the user logs in with LINE.
        case custom(String)
        /// The mark alone (the long text becomes its accessible name).
        case iconOnly
    }

    /// A state shown permanently, for style guides and previews (real buttons leave this `nil`).
    public enum PreviewState: String, Sendable, CaseIterable {
        /// As when the pointer is over it.
        case hover = "is-hover"
        /// As while it is pressed.
        case pressed = "is-pressed"
    }

    /// Where the button goes (the web login's start route).
    public var href: String
    /// The label language.
    public var language: Language
    /// The label.
    public var label: Label
    /// A disabled button is shown but does nothing.
    public var isDisabled: Bool
    /// A fixed hover or pressed look, for previews.
    public var previewState: PreviewState?

    /// Creates a button.
    public init(
        href: String, language: Language = .english, label: Label = .long, isDisabled: Bool = false,
        previewState: PreviewState? = nil
    ) {
        self.href = href
        self.language = language
        self.label = label
        self.isDisabled = isDisabled
        self.previewState = previewState
    }

    /// The visible text (empty for ``Label/iconOnly``).
    public var text: String {
        switch label {
        case .long: return language.longText
        case .short: return language.shortText
        case .custom(let text): return text
        case .iconOnly: return ""
        }
    }

    /// The button's HTML: an `<a>` (a `<span aria-disabled="true">` when disabled) with the mark, the
    /// separator and the label.
    public var html: String {
        var classes = ["line-login-button"]
        if let previewState { classes.append(previewState.rawValue) }
        if case .iconOnly = label { classes.append("line-login-button--icon-only") }
        var attributes = "class=\"\(classes.joined(separator: " "))\" lang=\"\(language.rawValue)\""
        if case .iconOnly = label { attributes += " aria-label=\"\(HTMLEscaping.escape(language.longText))\"" }
        let content =
            "<span class=\"line-login-button__mark\" aria-hidden=\"true\">\(Self.markSVG)</span>"
            + (text.isEmpty ? "" : "<span class=\"line-login-button__text\">\(HTMLEscaping.escape(text))</span>")
        if isDisabled {
            return "<span \(attributes) role=\"link\" aria-disabled=\"true\">\(content)</span>"
        }
        return "<a \(attributes) href=\"\(HTMLEscaping.escape(href))\">\(content)</a>"
    }

    /// LINE green.
    public static let baseColor = "#06C755"

    /// The inline SVG mark: a plain speech bubble in `currentColor` (white, or the disabled grey).
    public static let markSVG = """
        <svg viewBox="0 0 24 24" width="24" height="24" focusable="false"><path fill="currentColor" \
        d="M12 3.5c-5.2 0-9.5 3.4-9.5 7.6 0 2.6 1.6 4.9 4.2 6.3l-.9 3.6 4.3-2.6c.6.1 1.3.2 1.9.2 5.2 0 9.5-3.4 9.5-7.5S17.2 3.5 12 3.5z"/></svg>
        """

    /// The stylesheet for every button on the page. Hover and press lay a translucent black layer over
    /// the base colour (as the guidelines layer them), so the separator and text sit on top unchanged.
    public static let css = """
        .line-login-button{display:inline-flex;align-items:stretch;box-sizing:border-box;height:44px;margin:0;padding:0;\
        border:1px solid transparent;border-radius:6px;background-color:\(baseColor);background-image:none;color:#FFFFFF;\
        font:700 15px/1 -apple-system,BlinkMacSystemFont,"Helvetica Neue",Helvetica,Arial,"Hiragino Sans","Meiryo",sans-serif;\
        text-decoration:none;cursor:pointer;user-select:none;-webkit-user-select:none;-webkit-tap-highlight-color:transparent;\
        vertical-align:middle}
        .line-login-button:hover,.line-login-button.is-hover{background-image:linear-gradient(rgba(0,0,0,\(LoginButtonAppearance.hoverOverlay)),\
        rgba(0,0,0,\(LoginButtonAppearance.hoverOverlay)))}
        .line-login-button:active,.line-login-button.is-pressed{background-image:linear-gradient(rgba(0,0,0,\(LoginButtonAppearance.pressedOverlay)),\
        rgba(0,0,0,\(LoginButtonAppearance.pressedOverlay)))}
        .line-login-button:focus-visible{outline:3px solid #1E1E1E;outline-offset:2px}
        .line-login-button__mark{display:flex;align-items:center;justify-content:center;width:42px;flex:none;\
        border-right:1px solid \(LoginButtonAppearance.of(.normal).separator.css)}
        .line-login-button__mark svg{display:block;width:26px;height:26px}
        .line-login-button__text{display:flex;align-items:center;padding:0 24px 0 20px;white-space:nowrap;\
        -webkit-font-smoothing:antialiased}
        .line-login-button--icon-only .line-login-button__mark{border-right:0}
        .line-login-button[aria-disabled="true"],.line-login-button[aria-disabled="true"]:hover,\
        .line-login-button[aria-disabled="true"]:active{background-color:\(LoginButtonAppearance.of(.disabled).background.css);background-image:none;\
        border-color:\(LoginButtonAppearance.of(.disabled).border.css);color:\(LoginButtonAppearance.of(.disabled).foreground.css);\
        cursor:default;pointer-events:none}
        .line-login-button[aria-disabled="true"] .line-login-button__mark{border-right-color:\(LoginButtonAppearance.of(.disabled).separator.css)}
        """
}
#endif
