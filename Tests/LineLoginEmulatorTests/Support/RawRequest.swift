#if Emulator
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

@testable import TransportTestSupport

/// One HTTP/1.1 request written byte for byte (URLSession sets `Host` itself), answered status only.
enum RawRequest {
    /// How long a send or a read may block. The emulator answers on the same Swift concurrency pool as
    /// every test of the run, all started at once: under a sanitizer on two cores the pool was seen busy for
    /// 15 s and more, and a 5-second read timed out before the emulator had its turn (four DNS-rebinding
    /// cases, 2026-11-26). A server that never answers still fails the case, after a minute.
    static let socketTimeout = 60

    /// The status code of `method path` sent to `127.0.0.1:port` with `Host: host` (no `Host` line when
    /// `nil`) and `body`, or `nil` when nothing readable came back.
    static func status(port: Int, _ method: String, _ path: String, host: String?, body: String = "") async -> Int? {
        var head = "\(method) \(path) HTTP/1.1\r\n"
        if let host { head += "Host: \(host)\r\n" }
        if !body.isEmpty { head += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n" }
        head += "Connection: close\r\n\r\n" + body
        let bytes = Array(head.utf8)
        return await LoopbackSocket.offload { () -> Int? in
            guard let descriptor = LoopbackSocket.openConnection(port: port, timeoutSeconds: socketTimeout) else { return nil }
            defer { _ = close(descriptor) }
            let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, LoopbackSocket.sendFlags) }
            guard sent == bytes.count else { return nil }
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !received.contains(UInt8(ascii: "\n")) {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { break }
                received += buffer.prefix(count)
            }
            // "HTTP/1.1 403 Forbidden"
            let line = String(decoding: received.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
            let parts = line.split(separator: " ")
            return parts.count >= 2 ? Int(parts[1]) : nil
        }
    }

    /// `POST path` with a form body and extra header lines, written byte for byte (URLSession on Linux
    /// handles `Authorization` and `WWW-Authenticate: Basic` itself), read to the end: the status,
    /// lower-cased headers and body, or `nil` when nothing readable came back within the socket timeouts.
    static func postForm(port: Int, _ path: String, form: [(String, String)], headers: [String: String]) async -> HTTPResult? {
        let body = QueryString.encode(form)
        var head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        head += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "Connection: close\r\n\r\n" + body).utf8)
        let received = await LoopbackSocket.offload { () -> [UInt8]? in
            guard let descriptor = LoopbackSocket.openConnection(port: port, timeoutSeconds: socketTimeout) else { return nil }
            defer { _ = close(descriptor) }
            let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, LoopbackSocket.sendFlags) }
            guard sent == bytes.count else { return nil }
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { break }
                received += buffer.prefix(count)
            }
            return received
        }
        guard let received else { return nil }
        let text = String(decoding: received, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { return nil }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let statusParts = (lines.first ?? "").split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPResult(status: status, headers: fields, body: Data(text[split.upperBound...].utf8))
    }
}
#endif
