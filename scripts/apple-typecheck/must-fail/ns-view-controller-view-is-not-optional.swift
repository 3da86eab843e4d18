// platform: macos
// expected-error: cannot use optional chaining on non-optional value of type 'NSView'
// Unlike UIKit's `view: UIView!`, AppKit's `NSViewController.view` is not optional.
import AppKit

@MainActor func anchor(of controller: NSViewController) -> NSWindow? {
    controller.view?.window
}
