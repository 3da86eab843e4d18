/// The claims of a JWT kept as the payload's bytes (a parsed token's header is kept the same way). The whole
/// payload is checked when the set is made (strict JSON with the rules and limits of
/// ``JSONValue/parseObject(_:)``: duplicate members, depth, size, UTF-8), but a claim is decoded only when it
/// is read, so validation builds just the few claims it checks.
public struct ClaimSet: Sendable {
    /// The payload: the UTF-8 JSON text of the claims object.
    public let payload: [UInt8]
    private let members: [JSONParser.Member]

    /// Checks that `payload` is a JSON object and indexes its members.
    /// - Throws: ``JOSEError/malformed(_:)`` for anything ``JSONValue/parseObject(_:)`` refuses.
    public init(payload: [UInt8]) throws(JOSEError) {
        // A Result rather than a typed-throwing closure: the standard library of SDKs before Swift 6 declares
        // `withUnsafeBufferPointer` `rethrows`, which would widen the error to `any Error`.
        let scanned = payload.withUnsafeBufferPointer { bytes -> Result<[JSONParser.Member], JOSEError> in
            do throws(JOSEError) { return .success(try JSONParser.scanObject(bytes)) } catch { return .failure(error) }
        }
        switch scanned {
        case .success(let members): self.members = members
        case .failure(let error): throw error
        }
        self.payload = payload
    }

    /// No claims (the claims of a JWS whose payload isn't a JSON object).
    init() {
        payload = []
        members = []
    }

    /// The claim called `name`, decoded now, or `nil` when the payload has none. Names are matched as a
    /// `[String: JSONValue]` matches its keys.
    public subscript(name: String) -> JSONValue? {
        payload.withUnsafeBufferPointer { bytes in
            guard let member = member(named: name, in: bytes) else { return nil }
            return try? JSONParser.value(of: member, in: bytes)
        }
    }

    /// Whether the payload has a claim called `name`, decoding nothing.
    public func contains(_ name: String) -> Bool {
        payload.withUnsafeBufferPointer { member(named: name, in: $0) != nil }
    }

    /// The names of the claims, in the order they were sent.
    public var names: [String] {
        payload.withUnsafeBufferPointer { bytes in members.map { JSONParser.name(of: $0, in: bytes) } }
    }

    /// Every claim, decoded now: the payload is parsed each time this is read.
    public var dictionary: [String: JSONValue] {
        guard !members.isEmpty else { return [:] }
        // The payload was checked when the set was made, so this doesn't fail.
        return (try? JSONValue.parseObject(payload)) ?? [:]
    }

    private func member(named name: String, in bytes: UnsafeBufferPointer<UInt8>) -> JSONParser.Member? {
        var text = name
        return text.withUTF8 { wanted in
            let wantedIsASCII = !wanted.contains { $0 >= 0x80 }
            for member in members {
                if member.nameIsPlain && wantedIsASCII {
                    // Two ASCII strings are equal exactly when their bytes are.
                    if JSONParser.plainName(of: member, in: bytes, equals: wanted) { return member }
                } else if JSONParser.name(of: member, in: bytes) == name {
                    // An escaped or non-ASCII name (or a non-ASCII `name`): compared as `String`s, as a
                    // dictionary would (a canonical equivalent matches; duplicates were refused the same way).
                    return member
                }
            }
            return nil
        }
    }
}
