/// The colours of LINE's login button by state, after LINE's login button guidelines: LINE green with
/// white text; hover and press lay a 10 % and 30 % black layer over it; a line of 8 % black separates the
/// mark from the text; disabled is white with a `#E5E5E5` (60 %) border and line and `#1E1E1E` text at
/// 20 %. The one palette the UIKit, SwiftUI and web buttons draw with.
public struct LoginButtonAppearance: Sendable, Equatable {
    /// A colour, components from 0 to 1.
    public struct Color: Sendable, Equatable {
        /// Red.
        public let red: Double
        /// Green.
        public let green: Double
        /// Blue.
        public let blue: Double
        /// Opacity.
        public let alpha: Double

        /// A colour from 8-bit components and an opacity.
        public init(red: Int, green: Int, blue: Int, alpha: Double = 1) {
            self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: alpha)
        }

        /// A colour from components.
        public init(red: Double, green: Double, blue: Double, alpha: Double) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// This colour with a black layer of `opacity` over it (how the guidelines darken hover and press).
        public func darkened(by opacity: Double) -> Color {
            Color(red: red * (1 - opacity), green: green * (1 - opacity), blue: blue * (1 - opacity), alpha: alpha)
        }

        /// `rgba(r,g,b,a)` for CSS.
        public var css: String {
            func byte(_ value: Double) -> Int { Int((value * 255).rounded()) }
            return "rgba(\(byte(red)),\(byte(green)),\(byte(blue)),\(alpha))"
        }
    }

    /// The button's states.
    public enum State: Sendable, Equatable {
        /// At rest.
        case normal
        /// Pointer over it.
        case hover
        /// Pressed.
        case pressed
        /// Disabled.
        case disabled
    }

    /// LINE green, `#06C755`.
    public static let green = Color(red: 6, green: 199, blue: 85)
    /// The black layer of hover.
    public static let hoverOverlay = 0.1
    /// The black layer of press.
    public static let pressedOverlay = 0.3

    /// The fill.
    public let background: Color
    /// The text and mark.
    public let foreground: Color
    /// The border (clear except when disabled).
    public let border: Color
    /// The line between the mark and the text.
    public let separator: Color

    /// The appearance in `state`.
    public static func of(_ state: State) -> LoginButtonAppearance {
        let white = Color(red: 255, green: 255, blue: 255)
        let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
        let line = Color(red: 0, green: 0, blue: 0, alpha: 0.08)
        switch state {
        case .normal: return LoginButtonAppearance(background: green, foreground: white, border: clear, separator: line)
        case .hover:
            return LoginButtonAppearance(background: green.darkened(by: hoverOverlay), foreground: white, border: clear, separator: line)
        case .pressed:
            return LoginButtonAppearance(background: green.darkened(by: pressedOverlay), foreground: white, border: clear, separator: line)
        case .disabled:
            let grey = Color(red: 229, green: 229, blue: 229, alpha: 0.6)
            return LoginButtonAppearance(
                background: white, foreground: Color(red: 30, green: 30, blue: 30, alpha: 0.2), border: grey, separator: grey)
        }
    }
}
