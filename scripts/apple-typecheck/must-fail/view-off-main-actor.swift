// expected-error: main actor-isolated property 'view' can not be referenced from a nonisolated context
// UIViewController is @MainActor: its view can't be read from a nonisolated function.
import UIKit

func rootView(of controller: UIViewController) -> UIView? {
    controller.view
}
