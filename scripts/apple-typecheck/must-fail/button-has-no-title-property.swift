// expected-error: value of type 'UIButton' has no member 'title'
// UIButton's title is per state: `setTitle(_:for:)`.
import UIKit

@MainActor func label(_ button: UIButton) {
    button.title = "Log in"
}
