// expected-error: cannot convert value of type 'NSLayoutAnchor<NSLayoutYAxisAnchor>' to expected argument type 'NSLayoutAnchor<NSLayoutXAxisAnchor>'
// X-axis anchors only take X-axis anchors: NSLayoutXAxisAnchor is NSLayoutAnchor<NSLayoutXAxisAnchor>.
import UIKit

@MainActor func center(_ button: UIView, in view: UIView) {
    button.centerXAnchor.constraint(equalTo: view.centerYAnchor).isActive = true
}
