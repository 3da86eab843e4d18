// What Apple's `Foundation` offers beyond Linux's and this package (or its app code) uses: the
// CoreFoundation types it re-exports and Apple-only classes. The harness imports this module implicitly
// into every file it compiles (`-import-module`), as if it were part of Foundation. It does not re-export
// Foundation itself: a file sees Foundation only if it imports it (or a framework that re-exports it, as UIKit,
// AppKit and Security do), as on Apple platforms — else a name like CoreMetrics' `Timer` would meet Foundation's.
public import Foundation

// https://developer.apple.com/documentation/kernel/osstatus
public typealias OSStatus = Int32

// https://developer.apple.com/documentation/corefoundation/cftyperef
public typealias CFTypeRef = AnyObject

// Toll-free bridged on Apple platforms (`[String: Any] as CFDictionary`); NSDictionary gives the same
// explicit-`as` bridging on Linux.
// https://developer.apple.com/documentation/corefoundation/cfdictionary
public typealias CFDictionary = NSDictionary

// https://developer.apple.com/documentation/corefoundation/cfstring
public typealias CFString = NSString

// https://developer.apple.com/documentation/foundation/nsuseractivity
open class NSUserActivity: NSObject {
    // https://developer.apple.com/documentation/foundation/nsuseractivity/init(activitytype:)
    public init(activityType: String) { fatalError("stand-in") }
    // https://developer.apple.com/documentation/foundation/nsuseractivity/activitytype
    open var activityType: String { fatalError("stand-in") }
    // https://developer.apple.com/documentation/foundation/nsuseractivity/webpageurl
    open var webpageURL: URL? {
        get { fatalError("stand-in") }
        set {}
    }
}

// https://developer.apple.com/documentation/foundation/nsuseractivitytypebrowsingweb
public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"

// https://developer.apple.com/documentation/coregraphics/cgcolor (a CoreGraphics class UIKit re-exports)
public final class CGColor: @unchecked Sendable {}

// An approximation. Apple's CFData is its own Core Foundation class (`class CFData`, imported from
// `typedef const struct CF_BRIDGED_TYPE(NSData) __CFData *CFDataRef`), toll-free bridged with NSData: Swift converts
// with an explicit `as` (`Data(...) as CFData`), which NSData gives on Linux too. Looser than Apple's in one way: here
// a CFData has NSData's members (`length`, `bytes`, ...), which Apple's CFData lacks (it has CFDataGetLength and kin).
// https://developer.apple.com/documentation/corefoundation/cfdata
public typealias CFData = NSData

// An approximation. Apple's CFError is its own Core Foundation class (`class CFError`, imported from
// `typedef struct CF_BRIDGED_TYPE(NSError) __CFError *CFErrorRef`), toll-free bridged with NSError and, through
// Foundation, an `Error`. Looser than Apple's in one way: here a CFError has NSError's members (`code`, `domain`,
// `userInfo`), which Apple's CFError lacks (it has CFErrorGetCode and kin). The package only passes nil for one.
// https://developer.apple.com/documentation/corefoundation/cferror
public typealias CFError = NSError
