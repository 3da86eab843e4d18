// expected-error: value of optional type 'UIWindow?' must be unwrapped
// `UIView.window` is optional (a view outside any window has none).
import UIKit

@MainActor func anchor(for controller: UIViewController) -> UIWindow {
    controller.view.window
}
