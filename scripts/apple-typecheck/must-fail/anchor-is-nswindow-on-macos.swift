// platform: macos
// expected-error: cannot convert value of type 'NSView' to closure result type 'ASPresentationAnchor?' (aka 'Optional<NSWindow>')
// On macOS the presentation anchor is a window (NSWindow), never a view.
import AppKit
import AuthenticationServices

@MainActor func anchor(_ controller: NSViewController) -> () -> ASPresentationAnchor? {
    { controller.view }
}
