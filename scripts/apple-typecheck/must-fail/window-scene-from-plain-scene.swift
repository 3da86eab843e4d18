// expected-error: cannot convert value of type 'UIScene' to expected argument type 'UIWindowScene'
// UIWindow(windowScene:) takes a UIWindowScene; the UIScene a scene delegate gets must be cast first.
import UIKit

@MainActor func makeWindow(for scene: UIScene) -> UIWindow {
    UIWindow(windowScene: scene)
}
