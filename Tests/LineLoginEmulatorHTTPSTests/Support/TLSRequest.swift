#if EmulatorHTTPS
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// One HTTP/1.1 request over TLS to 127.0.0.1:`port`, with `serverName` as SNI and as the name the server's
/// certificate must carry, trusting only `trustedCertificatePEM`; the raw response text.
enum TLSRequest {
    static func send(
        port: Int, serverName: String, trustedCertificatePEM: String, method: String = "GET", path: String, host: String? = nil
    ) async throws -> String {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(trustedCertificatePEM.utf8)))
        let context = try NIOSSLContext(configuration: configuration)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: context, serverHostname: serverName))
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let request = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? serverName)\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: request))
            var response = ""
            do {
                for try await chunk in inbound { response += String(buffer: chunk) }
            } catch NIOSSLError.uncleanShutdown where !response.isEmpty {
                // The response is complete (Connection: close); a peer that skips close_notify is not the test.
            }
            return response
        }
    }

    /// The status code of a raw response.
    static func status(_ response: String) -> Int? {
        let parts = response.split(separator: " ", maxSplits: 2)
        return parts.count >= 2 ? Int(parts[1]) : nil
    }

    /// The body of a raw response (after the blank line).
    static func body(_ response: String) -> String {
        guard let range = response.range(of: "\r\n\r\n") else { return "" }
        return String(response[range.upperBound...])
    }
}
#endif
