// expected-error: main actor-isolated class property 'shared' can not be referenced from a nonisolated context
// UIApplication is @MainActor: `UIApplication.shared` can't be reached from a nonisolated function.
import UIKit

func openInBrowser(_ url: URL) {
    UIApplication.shared.open(url)
}
