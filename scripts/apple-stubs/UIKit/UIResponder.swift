// Stand-in for the subset of Apple's UIKit (iOS 17) that this package and its app code use. UIKit's
// classes are `@MainActor` and, as Objective-C classes, open to subclassing; bodies never run.
@_exported import Foundation
@_exported import AppleFoundationShim

// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor open class UIResponder: NSObject, UIUserActivityRestoring {
    // https://developer.apple.com/documentation/uikit/uiresponder/restoreuseractivitystate(_:)
    open func restoreUserActivityState(_ activity: NSUserActivity) {}
}
