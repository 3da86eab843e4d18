// platform: macos
// expected-error: type 'AppDelegate' does not conform to protocol 'NSObjectProtocol'
// NSApplicationDelegate refines NSObjectProtocol: an app delegate must inherit NSObject. Xcode says "cannot declare
// conformance to 'NSObjectProtocol' in Swift; 'AppDelegate' should inherit 'NSObject' instead"; on Linux the class
// lacks NSObject's members. (The stand-in used to refine AnyObject, which let this compile.)
import AppKit

final class AppDelegate: NSApplicationDelegate {
    func application(_ application: NSApplication, open urls: [URL]) {}
}
