public import Foundation

/// An error's structure for bug reports (the CLI's `--verbose`): types and the cases that carry values,
/// down to the leaf, whose own description ends the line. Descriptions alone are sentences for people and
/// hide the structure. Errors carry no token, code or secret by design; as a second line of defence URLs
/// lose their queries and anything shaped like a token is redacted.
package enum ErrorStructure {
    package static func describe(_ value: Any) -> String {
        BodyRedactor.redactTokenLikeRuns(structure(value))
    }

    private static func structure(_ value: Any) -> String {
        if let url = value as? URL { return ServerError.withoutQuery(url)?.absoluteString ?? "<URL>" }
        let mirror = Mirror(reflecting: value)
        let typeName = String(describing: type(of: value))
        switch mirror.displayStyle {
        case .enum?:
            guard let child = mirror.children.first, let label = child.label else { return "\(typeName): \(value)" }
            return "\(typeName).\(label)(\(structure(child.value)))"
        case .tuple?:
            return mirror.children.map { ($0.label.map { $0.hasPrefix(".") ? "" : "\($0): " } ?? "") + structure($0.value) }
                .joined(separator: ", ")
        case .struct?, .class?:
            let fields = mirror.children.compactMap { child in child.label.map { "\($0): \(structure(child.value))" } }
            return fields.isEmpty ? "\(typeName): \(value)" : "\(typeName)(\(fields.joined(separator: ", ")))"
        case .optional?:
            return mirror.children.first.map { structure($0.value) } ?? "nil"
        default:
            return value is String ? "\"\(value)\"" : "\(value)"
        }
    }
}
