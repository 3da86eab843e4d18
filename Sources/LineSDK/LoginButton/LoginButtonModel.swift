public import LineLoginPlatform

/// Every decision of LINE's login button, so the UIKit `LoginButton` and the SwiftUI `LoginButtonView`
/// only draw it: the title for its size and language, its metrics, whether it is enabled, what a tap
/// does, and which delegate call a login's outcome becomes. Tested on Linux.
///
/// A tap starts a login unless one is running (the button is disabled meanwhile, so a second tap does
/// nothing); the login's start is reported after it started, then exactly one success or failure.
public struct LoginButtonModel: Sendable, Equatable {
    /// The button's size, as LINE's SDK names them.
    public enum Size: Sendable, Equatable {
        /// A 32-point-high button.
        case small
        /// A 44-point-high button (the default).
        case normal
    }

    /// The measures of a size, in points (LINE's button constants).
    public struct Metrics: Sendable, Equatable {
        /// The side of the square holding the LINE mark.
        public let iconSide: Double
        /// The width of the line between the mark and the text.
        public let separatorWidth: Double
        /// The width of the speech bubble inside the icon square.
        public let bubbleWidth: Double
        /// The space before the text.
        public let leftPadding: Double
        /// The space after the text.
        public let rightPadding: Double
    }

    /// What a tap does.
    public enum TapOutcome: Sendable, Equatable {
        /// Start a login (and then report its start).
        case startLogin
        /// Nothing: a login is running.
        case ignore
    }

    /// The button's size.
    public var size: Size
    /// The text set by the app; `nil` for LINE's text in ``language``.
    public var buttonText: String?
    /// The language of LINE's text (a BCP 47 tag); `nil` for English.
    public var language: String?
    /// Whether a login started by this button is running.
    public private(set) var isLoggingIn = false

    /// A model with LINE's defaults: normal size, LINE's text.
    public init(size: Size = .normal, buttonText: String? = nil, language: String? = nil) {
        self.size = size
        self.buttonText = buttonText
        self.language = language
    }

    /// The title shown: the app's text, or LINE's long text in ``language``.
    public var title: String { buttonText ?? LoginButtonText.title(language: language) }

    /// Whether the button can be tapped: not while its login runs.
    public var isEnabled: Bool { !isLoggingIn }

    /// The measures of ``size``.
    public var metrics: Metrics {
        switch size {
        case .small: return Metrics(iconSide: 32, separatorWidth: 1, bubbleWidth: 22, leftPadding: 25, rightPadding: 25)
        case .normal: return Metrics(iconSide: 44, separatorWidth: 1, bubbleWidth: 32, leftPadding: 35, rightPadding: 35)
        }
    }

    /// The button's size for a title of this width: the icon, the line and the paddings beside the text;
    /// as high as the icon.
    public func contentSize(titleWidth: Double) -> (width: Double, height: Double) {
        let metrics = self.metrics
        let width = max(0, titleWidth) + metrics.iconSide + metrics.separatorWidth + metrics.leftPadding + metrics.rightPadding
        return (width, metrics.iconSide)
    }

    /// The title's insets inside the button (top, left, bottom, right), after the icon and the line.
    public var titleInsets: (top: Double, left: Double, bottom: Double, right: Double) {
        let metrics = self.metrics
        return (
            metrics.bubbleWidth / 2, metrics.iconSide + metrics.separatorWidth + metrics.leftPadding,
            metrics.bubbleWidth / 2, metrics.rightPadding
        )
    }

    /// A tap: starts a login unless one is running, and marks it running.
    public mutating func tap() -> TapOutcome {
        guard !isLoggingIn else { return .ignore }
        isLoggingIn = true
        return .startLogin
    }

    /// The login could not start (another login of the manager runs and may not be replaced): the
    /// button is enabled again and nothing is reported.
    public mutating func loginDidNotStart() {
        isLoggingIn = false
    }

    /// The login's outcome: the button is enabled again; returns the outcome to report.
    public mutating func finish(_ result: Result<LoginResult, LineSDKError>) -> Result<LoginResult, LineSDKError> {
        isLoggingIn = false
        return result
    }
}

extension LoginButtonModel {
    /// The colours to draw with: disabled while the login runs, else pressed or at rest.
    public func appearance(isPressed: Bool) -> LoginButtonAppearance {
        .of(!isEnabled ? .disabled : isPressed ? .pressed : .normal)
    }
}
