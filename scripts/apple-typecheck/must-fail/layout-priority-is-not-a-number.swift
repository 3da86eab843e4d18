// expected-error: cannot convert value of type 'Int' to expected argument type 'UILayoutPriority'
// UILayoutPriority is a struct (`.required`, `UILayoutPriority(1000)`), not expressible by a literal.
import UIKit

@MainActor func hug(_ button: UIView) {
    button.setContentHuggingPriority(1000, for: .horizontal)
}
