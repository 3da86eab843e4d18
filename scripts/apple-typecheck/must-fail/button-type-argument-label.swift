// expected-error: incorrect argument label in call (have 'buttonType:', expected 'type:')
// UIButton's factory initializer is `init(type:)`.
import UIKit

@MainActor func makeButton() -> UIButton {
    UIButton(buttonType: .system)
}
