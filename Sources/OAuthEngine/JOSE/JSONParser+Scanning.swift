/// Checking a JSON text without building it: the grammar, limits and errors of
/// ``JSONParser/parseObject(_:)``, in the same order, but a skipped value allocates nothing. A JWT's claim
/// set is scanned once this way when the token is parsed, and each claim is decoded from its place when read.
extension JSONParser {
    /// One member of a scanned object: where its name and its value are in the text.
    struct Member: Sendable {
        /// The name's bytes between its quotes, as written (escapes not decoded).
        let nameStart: Int
        let nameEnd: Int
        /// Whether the name is ASCII without escapes, so that these bytes are the name itself.
        let nameIsPlain: Bool
        /// The value's first byte; the value is decoded by parsing from there.
        let valueStart: Int
    }

    /// Up to this many members, an object whose names are all plain is checked for duplicates by comparing
    /// bytes pairwise; past it (or at the first name that isn't plain) by a set of decoded names, so that a
    /// hostile object with a thousand members stays linear.
    private static let pairwiseNameLimit = 16

    /// Scans a whole JSON text whose top level must be an object, and returns that object's members in order.
    static func scanObject(_ bytes: UnsafeBufferPointer<UInt8>) throws(JOSEError) -> [Member] {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        guard parser.peek() == UInt8(ascii: "{") else { throw .malformed("JSON text is not an object") }
        var members: [Member] = []
        members.reserveCapacity(16)
        try parser.skipObject(depth: 1, members: &members)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw .malformed("data after the JSON text") }
        return members
    }

    /// Decodes the value of `member`, from a text ``scanObject(_:)`` accepted.
    static func value(of member: Member, in bytes: UnsafeBufferPointer<UInt8>) throws(JOSEError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, index: member.valueStart)
        // Depth 1, as when the whole object is parsed.
        return try parser.parseValue(depth: 1)
    }

    /// The name of `member` as a string, from a text ``scanObject(_:)`` accepted (so decoding can't fail).
    static func name(of member: Member, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        if member.nameIsPlain {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[member.nameStart..<member.nameEnd]), as: UTF8.self)
        }
        var parser = JSONParser(bytes: bytes, index: member.nameStart - 1)
        return (try? parser.parseString()) ?? ""
    }

    /// Whether the plain name of `member` is `name`'s bytes.
    static func plainName(of member: Member, in bytes: UnsafeBufferPointer<UInt8>, equals name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard member.nameEnd - member.nameStart == name.count else { return false }
        for offset in 0..<name.count where bytes[member.nameStart + offset] != name[offset] { return false }
        return true
    }

    /// Called with `index` on `{`; appends the object's members to `members`.
    private mutating func skipObject(depth: Int, members: inout [Member]) throws(JOSEError) {
        guard depth <= Self.maximumDepth else { throw .malformed("JSON nested too deeply") }
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        // The decoded names once bytes no longer decide (see pairwiseNameLimit): then the check is the one a
        // `[String: JSONValue]` makes, Unicode canonical equivalence included.
        var names: Set<String>?
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw .malformed("JSON member name expected") }
            let name = try scanString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw .malformed("':' expected in JSON object") }
            index += 1
            skipWhitespace()
            let member = Member(nameStart: name.start, nameEnd: name.end, nameIsPlain: name.isPlain, valueStart: index)
            try skipValue(depth: depth)
            // RFC 7515 §5.2 and RFC 7519 §4: a duplicate name must be refused, never resolved
            // to its first or last value.
            guard isNewName(member, among: members, names: &names) else {
                throw .malformed("duplicate member name in JSON object")
            }
            members.append(member)
            guard members.count <= Self.maximumMembers else { throw .malformed("JSON object has too many members") }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                index += 1
                return
            default:
                throw .malformed("',' or '}' expected in JSON object")
            }
        }
    }

    private func isNewName(_ member: Member, among members: [Member], names: inout Set<String>?) -> Bool {
        if names == nil, member.nameIsPlain, members.count < Self.pairwiseNameLimit {
            // Every earlier name is plain too (else `names` would exist), and ASCII strings are equal exactly
            // when their bytes are.
            let name = UnsafeBufferPointer(rebasing: bytes[member.nameStart..<member.nameEnd])
            return !members.contains { Self.plainName(of: $0, in: bytes, equals: name) }
        }
        var decoded = names ?? Set(members.map { Self.name(of: $0, in: bytes) })
        let inserted = decoded.insert(Self.name(of: member, in: bytes)).inserted
        names = decoded
        return inserted
    }

    /// Called with `index` on `[`.
    private mutating func skipArray(depth: Int) throws(JOSEError) {
        guard depth <= Self.maximumDepth else { throw .malformed("JSON nested too deeply") }
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return
        }
        var count = 0
        while true {
            try skipValue(depth: depth)
            count += 1
            guard count <= Self.maximumMembers else { throw .malformed("JSON array has too many elements") }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                index += 1
                return
            default:
                throw .malformed("',' or ']' expected in JSON array")
            }
        }
    }

    private mutating func skipValue(depth: Int) throws(JOSEError) {
        guard let byte = peek() else { throw .malformed("JSON value expected") }
        switch byte {
        case UInt8(ascii: "{"):
            var nested: [Member] = []
            try skipObject(depth: depth + 1, members: &nested)
        case UInt8(ascii: "["): try skipArray(depth: depth + 1)
        case UInt8(ascii: "\""): _ = try scanString()
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        // Parsed, not skipped: a number must also convert to a finite Double, and a short one allocates nothing.
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try parseNumber()
        default: throw .malformed("unexpected character in JSON")
        }
    }

    /// Called with `index` on the opening quote; accepts exactly the strings ``parseString()`` accepts.
    private mutating func scanString() throws(JOSEError) -> (start: Int, end: Int, isPlain: Bool) {
        index += 1
        let start = index
        var escaped = false
        var asciiOnly = true
        // The UTF-8 of each run of raw bytes between escapes is checked on its own: escapes decode to whole
        // scalars, so the decoded string is valid exactly when every run is. Like the parser, an invalid run
        // is reported only once the string has ended without another error.
        var runStart = start
        var validUTF8 = true
        while index < bytes.count {
            let byte = bytes[index]
            // Most bytes are plain printable ASCII: step over them, in local variables, before the switch.
            if byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                let text = bytes
                var next = index + 1
                while next < text.count {
                    let byte = text[next]
                    guard byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") else { break }
                    next += 1
                }
                index = next
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                if !asciiOnly && validUTF8 { validUTF8 = Self.isValidUTF8(runStart..<index, in: bytes) }
                guard validUTF8 else { throw .malformed("invalid UTF-8 in JSON string") }
                let end = index
                index += 1
                return (start, end, !escaped && asciiOnly)
            case UInt8(ascii: "\\"):
                if !asciiOnly && validUTF8 { validUTF8 = Self.isValidUTF8(runStart..<index, in: bytes) }
                escaped = true
                index += 1
                guard let escapedByte = peek() else { throw .malformed("unterminated JSON string") }
                index += 1
                switch escapedByte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                case UInt8(ascii: "u"): try skipUnicodeEscape()
                default: throw .malformed("invalid escape in JSON string")
                }
                runStart = index
            case 0x00..<0x20:
                throw .malformed("control character in JSON string")
            default:
                if byte >= 0x80 { asciiOnly = false }
                index += 1
            }
        }
        throw .malformed("unterminated JSON string")
    }

    /// Called with `index` after `\u`; the checks of ``appendUnicodeEscape(to:)`` without the output.
    private mutating func skipUnicodeEscape() throws(JOSEError) {
        let unit = try readHex4()
        switch unit {
        case 0xD800...0xDBFF:
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw .malformed("lone surrogate in JSON string")
            }
            index += 2
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw .malformed("lone surrogate in JSON string") }
        case 0xDC00...0xDFFF:
            throw .malformed("lone surrogate in JSON string")
        default:
            break
        }
    }

    /// Well-formed UTF-8 (Unicode Table 3-7: no overlong forms, surrogates or values past U+10FFFF), checked
    /// without building a string.
    private static func isValidUTF8(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var iterator = UnsafeBufferPointer(rebasing: bytes[range]).makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
