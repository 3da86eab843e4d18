#if Emulator
import Foundation

/// Parsed `application/x-www-form-urlencoded` data (a request body or a query string).
///
/// Parsing never throws into Hummingbird (which would answer 500 with an empty body): problems
/// are values the routes turn into LINE's error shapes.
struct FormParameters: Sendable, Equatable {
    /// A reason the input could not be used.
    enum Problem: Error, Sendable, Equatable {
        /// A `%` escape is malformed or the decoded bytes are not UTF-8.
        case malformed
        /// The same name appears twice.
        case duplicated(String)

        /// An `error_description` for the problem.
        var description: String {
            switch self {
            case .malformed: "malformed form data"
            case .duplicated(let name): "duplicated parameter: \(name)"
            }
        }
    }

    private(set) var values: [String: String]
    /// Names that appeared more than once (the first value is kept in ``values``).
    private(set) var duplicates: Set<String> = []

    /// Looks a parameter up; empty values count as present.
    subscript(_ name: String) -> String? {
        values[name]
    }

    /// The parameter when present and not empty.
    func nonEmpty(_ name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    /// Fails with ``Problem/duplicated(_:)`` when a name was repeated.
    func rejectingDuplicates() -> Result<FormParameters, Problem> {
        if let name = duplicates.sorted().first { return .failure(.duplicated(name)) }
        return .success(self)
    }

    /// Parses `string`, rejecting malformed escapes; repeated names are listed in ``duplicates``.
    static func parse(_ string: some StringProtocol) -> Result<FormParameters, Problem> {
        var values: [String: String] = [:]
        var duplicates: Set<String> = []
        for pair in string.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]) else { return .failure(.malformed) }
            guard let value = parts.count > 1 ? decode(parts[1]) : "" else { return .failure(.malformed) }
            if values[name] != nil {
                duplicates.insert(name)
            } else {
                values[name] = value
            }
        }
        return .success(FormParameters(values: values, duplicates: duplicates))
    }

    /// Parses a request body; `nil` bytes that are not UTF-8 are malformed.
    static func parse(body: [UInt8]) -> Result<FormParameters, Problem> {
        guard let string = String(bytes: body, encoding: .utf8) else { return .failure(.malformed) }
        return parse(string)
    }

    /// Decodes `+` as space and `%XX` escapes; `nil` on a bad escape or invalid UTF-8.
    static func decode(_ component: some StringProtocol) -> String? {
        var bytes = [UInt8]()
        bytes.reserveCapacity(component.utf8.count)
        var iterator = component.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
                else { return nil }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        return String(bytes: bytes, encoding: .utf8)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
#endif
