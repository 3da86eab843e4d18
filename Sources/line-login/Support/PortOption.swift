#if CLI
import ArgumentParser
import NIOCore
import NIOPosix

/// The one rule for port options: 1–65535, or 0 for any free port where a command can use one.
enum PortOption {
    /// Throws a usage error naming `option` when `port` is out of range (a 99999 must never wrap around).
    static func check(_ port: Int, option: String, allowsAnyFreePort: Bool = true) throws {
        let range = allowsAnyFreePort ? 0...65535 : 1...65535
        guard range.contains(port) else {
            let allowed = allowsAnyFreePort ? "0 (any free port) or 1–65535" : "1–65535"
            throw ValidationError("\(option) must be \(allowed), not \(port).")
        }
    }

    /// A port that is free on `host` now: for a server that must know its own address (its callback URL)
    /// before it starts listening. Another program could take it in between; the server then fails to
    /// start and says so.
    static func freePort(on host: String) async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: host, port: 0).get()
        let port = channel.localAddress?.port
        try await channel.close()
        guard let port else { throw ValidationError("no free port on \(host)") }
        return port
    }
}

extension PortOption {
    /// The failure to listen on `host`:`port`, in words (a socket error's text names system calls).
    static func listenFailure(_ what: String, host: String, port: Int, underlying: any Error) -> CommandFailure {
        CommandFailure(
            "The \(what) could not listen on \(host):\(port): the port is in use or not allowed. "
                + "Pick another with --port, or 0 for any free port.", exit: .usage, underlying: underlying)
    }
}
#endif
