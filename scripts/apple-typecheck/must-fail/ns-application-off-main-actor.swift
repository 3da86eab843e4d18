// platform: macos
// expected-error: main actor-isolated class property 'shared' can not be referenced from a nonisolated context
// NSApplication is @MainActor: the key window can't be read from a nonisolated function.
import AppKit

func keyWindow() -> NSWindow? {
    NSApplication.shared.keyWindow
}
