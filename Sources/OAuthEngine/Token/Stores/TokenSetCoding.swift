import Foundation

/// The stored JSON form of a ``TokenSet``, shared by the file and Keychain stores: dates as seconds
/// since 1970, keys sorted.
enum TokenSetCoding {
    /// Encodes `tokens`; the error names no token material.
    static func encode(_ tokens: TokenSet) throws(TokenStoreError) -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(tokens)
        } catch {
            throw .io("the token set could not be encoded")
        }
    }

    /// Decodes stored data; anything unreadable is ``TokenStoreError/corrupt(_:)``.
    ///
    /// The decoder's own message is not passed on: it could quote stored values.
    static func decode(_ data: Data, source: String) throws(TokenStoreError) -> TokenSet {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            return try decoder.decode(TokenSet.self, from: data)
        } catch {
            throw .corrupt("\(source) does not hold a valid token set")
        }
    }
}
