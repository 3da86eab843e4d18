// expected-error: FoundationNetworking is imported `public` but Foundation `internal`
// What Xcode refused in URLSessionTransport.swift: on Apple platforms URLSessionConfiguration is Foundation's, so
// the public initializer needs `public import Foundation`; on Linux the public FoundationNetworking import hid it.
// The import rule (scripts/apple-typecheck/rules/foundation_imports.py) refuses the pairing.
import Foundation
#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

public final class Transport {
    public init(configuration: URLSessionConfiguration = .ephemeral) {}
}
