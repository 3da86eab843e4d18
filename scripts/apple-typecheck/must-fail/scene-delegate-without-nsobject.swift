// expected-error: type 'SceneDelegate' does not conform to protocol 'NSObjectProtocol'
// UIKit's delegate protocols refine NSObjectProtocol: a scene delegate must inherit NSObject (through
// UIResponder, as Xcode's template does). Xcode says "cannot declare conformance to 'NSObjectProtocol' in
// Swift; 'SceneDelegate' should inherit 'NSObject' instead"; on Linux the class lacks NSObject's members.
import UIKit

final class SceneDelegate: UIWindowSceneDelegate {
    var window: UIWindow?
}
