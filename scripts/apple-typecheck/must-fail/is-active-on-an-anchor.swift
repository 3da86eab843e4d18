// expected-error: value of type 'NSLayoutXAxisAnchor' has no member 'isActive'
// `isActive` belongs to the constraint an anchor makes, not to the anchor.
import UIKit

@MainActor func center(_ button: UIView, in view: UIView) {
    button.centerXAnchor.isActive = true
}
