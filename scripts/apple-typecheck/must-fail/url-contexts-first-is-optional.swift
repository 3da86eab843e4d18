// expected-error: value of optional type 'UIOpenURLContext?' must be unwrapped to refer to member 'url'
// `URLContexts` is a Set, and `first` of it is optional: LINE's guide writes `URLContexts.first?.url`.
import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var opened: URL?

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        opened = URLContexts.first.url
    }
}
