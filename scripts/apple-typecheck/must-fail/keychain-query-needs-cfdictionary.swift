// expected-error: cannot convert value of type '[String : Any]' to expected argument type 'CFDictionary'
// SecItem functions take a CFDictionary; a Swift dictionary must be bridged with `as CFDictionary`.
import Security

func delete(service: String) -> OSStatus {
    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
    return SecItemDelete(query)
}
