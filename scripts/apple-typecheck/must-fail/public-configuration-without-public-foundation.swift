// expected-error: initializer cannot be declared public because its parameter uses an internal type
// With both imports internal, as the rule allows, the compiler itself refuses the public signature on Linux as
// Xcode does on Apple platforms.
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

public final class Transport {
    public init(configuration: URLSessionConfiguration) {}
}
