// Stand-in for the web-authentication subset of Apple's AuthenticationServices (iOS 17 and macOS 14 SDKs): the
// harness builds it with UIKit's stand-in for iOS and AppKit's for macOS.
@_exported import Foundation
@_exported import AppleFoundationShim

#if canImport(UIKit)
public import UIKit
// https://developer.apple.com/documentation/authenticationservices/aspresentationanchor (UIWindow on iOS)
public typealias ASPresentationAnchor = UIWindow
#elseif canImport(AppKit)
public import AppKit
// The page shows the macOS declaration, `typealias ASPresentationAnchor = NSWindow`.
// https://developer.apple.com/documentation/authenticationservices/aspresentationanchor (NSWindow on macOS)
public typealias ASPresentationAnchor = NSWindow
#endif

// Not main-actor isolated in the iOS 17 SDK (Swift 6 reports "main actor-isolated instance method cannot
// satisfy nonisolated requirement" against it); later SDKs declare it `@MainActor` (LATER_SDK_ISOLATION).
// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationpresentationcontextproviding
#if LATER_SDK_ISOLATION
@MainActor public protocol ASWebAuthenticationPresentationContextProviding: NSObjectProtocol {
    func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor
}
#else
public protocol ASWebAuthenticationPresentationContextProviding: NSObjectProtocol {
    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationpresentationcontextproviding/presentationanchor(for:)
    func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor
}
#endif

// Neither main-actor isolated nor Sendable.
// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession
open class ASWebAuthenticationSession: NSObject {
    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/completionhandler
    public typealias CompletionHandler = (URL?, (any Error)?) -> Void

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/init(url:callbackurlscheme:completionhandler:)-7fpox
    public init(url URL: URL, callbackURLScheme: String?, completionHandler: @escaping ASWebAuthenticationSession.CompletionHandler) {
        fatalError("stand-in")
    }

    // Availability is ignored when compiling for Linux: a call without `#available(iOS 17.4, macOS 14.4, *)`
    // passes here and fails in Xcode below those deployment targets (docs/APPLE_PLATFORMS.md lists the gap).
    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/init(url:callback:completionhandler:)-6nut7
    @available(iOS 17.4, macOS 14.4, *)
    public init(url URL: URL, callback: ASWebAuthenticationSession.Callback, completionHandler: @escaping ASWebAuthenticationSession.CompletionHandler) {
        fatalError("stand-in")
    }

    // ASWebAuthenticationSessionCallback.h (iOS 17.4 / macOS 14.4 SDK): NS_SWIFT_NAME(ASWebAuthenticationSession.Callback),
    // AS_SWIFT_SENDABLE (so `@unchecked Sendable` in Swift), `-init` and `+new` NS_UNAVAILABLE. Subclassing compiles but
    // isn't supported (Apple's forum answer), so the class stays `open` as Swift imports it.
    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/callback
    @available(iOS 17.4, macOS 14.4, *)
    open class Callback: NSObject, @unchecked Sendable {
        @available(*, unavailable)
        public override init() { fatalError("stand-in") }
        // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/callback/customscheme(_:)
        open class func customScheme(_ customScheme: String) -> Self { fatalError("stand-in") }
        // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/callback/https(host:path:)
        open class func https(host: String, path: String) -> Self { fatalError("stand-in") }
        // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/callback/matchesurl(_:)
        open func matchesURL(_ url: URL) -> Bool { fatalError("stand-in") }
    }

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/presentationcontextprovider
    weak open var presentationContextProvider: (any ASWebAuthenticationPresentationContextProviding)?

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/prefersephemeralwebbrowsersession
    open var prefersEphemeralWebBrowserSession: Bool {
        get { fatalError("stand-in") }
        set {}
    }

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/canstart
    open var canStart: Bool { fatalError("stand-in") }

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/start()
    @discardableResult
    open func start() -> Bool { fatalError("stand-in") }

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/cancel()
    open func cancel() {}
}

// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerrordomain
public let ASWebAuthenticationSessionErrorDomain: String = "com.apple.AuthenticationServices.WebAuthenticationSession"

// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror
public struct ASWebAuthenticationSessionError: CustomNSError, Hashable {
    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/code
    public enum Code: Int, Sendable {
        // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/code/canceledlogin
        case canceledLogin = 1
        // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/code/presentationcontextnotprovided
        case presentationContextNotProvided = 2
        // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/code/presentationcontextinvalid
        case presentationContextInvalid = 3
    }

    // The initializer Swift gives every imported NSError-backed error struct.
    public init(_ code: Code, userInfo: [String: Any] = [:]) { self.code = code }

    /// The error's code.
    public let code: Code
    public static var errorDomain: String { ASWebAuthenticationSessionErrorDomain }
    public var errorCode: Int { code.rawValue }

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/canceledlogin
    public static var canceledLogin: Code { .canceledLogin }
    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/presentationcontextnotprovided
    public static var presentationContextNotProvided: Code { .presentationContextNotProvided }
    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/presentationcontextinvalid
    public static var presentationContextInvalid: Code { .presentationContextInvalid }
}
