// expected-error: cannot assign to value: 'title' is a method
// UIButton's title is per state: `setTitle(_:for:)` sets it and `title(for:)` reads it, so the name
// `title` is a method (Xcode says the same).
import UIKit

@MainActor func label(_ button: UIButton) {
    button.title = "Log in"
}
