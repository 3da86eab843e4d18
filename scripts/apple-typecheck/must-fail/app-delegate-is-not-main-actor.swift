// platform: macos
// expected-error: main actor-isolated var 'NSApp' can not be referenced from a nonisolated context
// NSApplicationDelegate is not @MainActor in the macOS 14 SDK: its methods are, one by one. Adopting it makes the
// methods that implement its requirements main-actor isolated, not the rest of the class, so a helper of the app
// delegate can't read NSApp. (The stand-in used to isolate the whole protocol, which let this compile.)
import AppKit

final class AppDelegate: NSObject, NSApplicationDelegate {
    func application(_ application: NSApplication, open urls: [URL]) {}

    func frontWindow() -> NSWindow? {
        NSApp.keyWindow
    }
}
