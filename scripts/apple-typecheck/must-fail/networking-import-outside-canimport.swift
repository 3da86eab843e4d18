// expected-error: import FoundationNetworking only inside `#if canImport(FoundationNetworking)`
// FoundationNetworking exists only on Linux; on Apple platforms its types are Foundation's.
public import Foundation
public import FoundationNetworking

public func request(_ url: URL) -> URLRequest { URLRequest(url: url) }
