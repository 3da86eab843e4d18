// Stand-in for the Keychain subset of Apple's `Security` framework, transcribed from its Swift
// declarations (iOS 17). Imported C globals are unchecked for concurrency in Swift; `nonisolated(unsafe)`
// gives the constants the same standing here.
@_exported import Foundation
@_exported import AppleFoundationShim

// https://developer.apple.com/documentation/security/secitemcopymatching(_:_:)
@discardableResult
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus { fatalError("stand-in") }
// https://developer.apple.com/documentation/security/secitemadd(_:_:)
@discardableResult
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus { fatalError("stand-in") }
// https://developer.apple.com/documentation/security/secitemupdate(_:_:)
@discardableResult
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus { fatalError("stand-in") }
// https://developer.apple.com/documentation/security/secitemdelete(_:)
@discardableResult
public func SecItemDelete(_ query: CFDictionary) -> OSStatus { fatalError("stand-in") }

// https://developer.apple.com/documentation/security/errsecsuccess
public var errSecSuccess: OSStatus { 0 }
// https://developer.apple.com/documentation/security/errsecitemnotfound
public var errSecItemNotFound: OSStatus { -25300 }

// https://developer.apple.com/documentation/security/ksecclass
nonisolated(unsafe) public let kSecClass: CFString = "class"
// https://developer.apple.com/documentation/security/ksecclassgenericpassword
nonisolated(unsafe) public let kSecClassGenericPassword: CFString = "genp"
// https://developer.apple.com/documentation/security/ksecattrservice
nonisolated(unsafe) public let kSecAttrService: CFString = "svce"
// https://developer.apple.com/documentation/security/ksecattraccount
nonisolated(unsafe) public let kSecAttrAccount: CFString = "acct"
// https://developer.apple.com/documentation/security/ksecattraccessible
nonisolated(unsafe) public let kSecAttrAccessible: CFString = "pdmn"
// https://developer.apple.com/documentation/security/ksecattraccessibleafterfirstunlockthisdeviceonly
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = "cku"
// https://developer.apple.com/documentation/security/ksecreturndata
nonisolated(unsafe) public let kSecReturnData: CFString = "r_Data"
// https://developer.apple.com/documentation/security/ksecmatchlimit
nonisolated(unsafe) public let kSecMatchLimit: CFString = "m_Limit"
// https://developer.apple.com/documentation/security/ksecmatchlimitone
nonisolated(unsafe) public let kSecMatchLimitOne: CFString = "m_LimitOne"
// https://developer.apple.com/documentation/security/ksecvaluedata
nonisolated(unsafe) public let kSecValueData: CFString = "v_Data"
// https://developer.apple.com/documentation/security/ksecattraccessgroup
nonisolated(unsafe) public let kSecAttrAccessGroup: CFString = "agrp"
// https://developer.apple.com/documentation/security/ksecattrsynchronizable
nonisolated(unsafe) public let kSecAttrSynchronizable: CFString = "sync"
// https://developer.apple.com/documentation/security/ksecattrsynchronizableany
nonisolated(unsafe) public let kSecAttrSynchronizableAny: CFString = "syna"
// https://developer.apple.com/documentation/security/ksecattraccessiblewhenunlockedthisdeviceonly
nonisolated(unsafe) public let kSecAttrAccessibleWhenUnlockedThisDeviceOnly: CFString = "aku"
// https://developer.apple.com/documentation/security/ksecattraccessibleafterfirstunlock
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlock: CFString = "ck"
// iOS 13 / macOS 10.15.
// https://developer.apple.com/documentation/security/ksecusedataprotectionkeychain
nonisolated(unsafe) public let kSecUseDataProtectionKeychain: CFString = "nleg"

// Keys, for RS256 (JOSE/RSAPublicKey.swift). A CoreFoundation type (`typedef struct __SecKey *SecKeyRef`, imported
// as `class SecKey`): neither Sendable nor constructible from Swift. (Its page was not found by the search tool;
// it is the key parameter type on the SecKeyVerifySignature and SecKeyCreateWithData pages.)
// https://developer.apple.com/documentation/security/seckey
public final class SecKey {
    private init() {}
}

// https://developer.apple.com/documentation/security/seckeycreatewithdata(_:_:_:)
public func SecKeyCreateWithData(
    _ keyData: CFData, _ attributes: CFDictionary, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> SecKey? { fatalError("stand-in") }

// https://developer.apple.com/documentation/security/seckeyverifysignature(_:_:_:_:_:)
public func SecKeyVerifySignature(
    _ key: SecKey, _ algorithm: SecKeyAlgorithm, _ signedData: CFData, _ signature: CFData,
    _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool { fatalError("stand-in") }

// `typedef CFStringRef SecKeyAlgorithm CF_STRING_ENUM`, imported as a struct wrapping a CFString. Not Sendable: Swift
// makes an imported string enum Sendable only when its raw type is, and CFString is not (apps still write
// `extension CFString: @retroactive @unchecked Sendable`). Its page and its constant's were not found by the search
// tool; the type is the algorithm parameter on the SecKeyVerifySignature page.
// https://developer.apple.com/documentation/security/seckeyalgorithm
public struct SecKeyAlgorithm: Hashable, RawRepresentable {
    public let rawValue: CFString
    public init(rawValue: CFString) { self.rawValue = rawValue }
    // `kSecKeyAlgorithmRSASignatureMessagePKCS1v15SHA256`, an imported C constant: unchecked for concurrency in Swift,
    // as `nonisolated(unsafe)` leaves it here.
    // https://developer.apple.com/documentation/security/seckeyalgorithm/rsasignaturemessagepkcs1v15sha256
    nonisolated(unsafe) public static let rsaSignatureMessagePKCS1v15SHA256 = SecKeyAlgorithm(rawValue: "algid:sign:RSA:message-PKCS1v15:SHA256")
}

// https://developer.apple.com/documentation/security/ksecattrkeytype
nonisolated(unsafe) public let kSecAttrKeyType: CFString = "type"
// https://developer.apple.com/documentation/security/ksecattrkeytypersa
nonisolated(unsafe) public let kSecAttrKeyTypeRSA: CFString = "42"
// https://developer.apple.com/documentation/security/ksecattrkeyclass
nonisolated(unsafe) public let kSecAttrKeyClass: CFString = "kcls"
// https://developer.apple.com/documentation/security/ksecattrkeyclasspublic
nonisolated(unsafe) public let kSecAttrKeyClassPublic: CFString = "0"
