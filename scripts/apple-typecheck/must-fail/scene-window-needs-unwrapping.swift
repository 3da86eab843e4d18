// expected-error: value of optional type 'UIWindow?' must be unwrapped to refer to member 'rootViewController'
// A scene delegate's `window` is `UIWindow?`: its members need `?` or an unwrapped copy.
import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func show(_ controller: UIViewController) {
        window.rootViewController = controller
    }
}
