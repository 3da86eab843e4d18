// expected-error: no exact matches in call to instance method 'constraint'
// Only NSLayoutDimension (width, height) takes a constant alone; a position needs another anchor.
import UIKit

@MainActor func place(_ button: UIView) {
    button.topAnchor.constraint(equalToConstant: 20).isActive = true
}
