import BenchmarkFixtures
import Foundation
import OAuthEngine

// line-login-bench [--quick] [--json FILE] [--export DIR]  |  line-login-bench middleware-server --port P --tokens FILE
// | line-login-bench vapor-middleware-server --port P --tokens FILE  |  line-login-bench nonce-store --postgres URL
// Prints the Swift-measured rows of the benchmark table; scripts/bench.sh adds the wrk and Python rows.
let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
func value(after flag: String) -> String? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

// The two middleware servers: the same routes on Hummingbird and on Vapor.
let servers: [String: @Sendable (Int, String) async throws -> Void] = [
    "middleware-server": { try await MiddlewareServer.run(port: $0, tokensFile: $1) },
    "vapor-middleware-server": { try await VaporMiddlewareServer.run(port: $0, tokensFile: $1) },
]
if let command = arguments.dropFirst().first, let server = servers[command] {
    guard let port = value(after: "--port").flatMap(Int.init), let file = value(after: "--tokens") else {
        FileHandle.standardError.write(Data("usage: line-login-bench \(command) --port P --tokens FILE\n".utf8))
        exit(2)
    }
    try await server(port, file)
    exit(0)
}

if arguments.dropFirst().first == "nonce-store" {
    // line-login-bench nonce-store --postgres URL [--seconds N] [--json FILE]
    guard let url = value(after: "--postgres") else {
        FileHandle.standardError.write(Data("usage: line-login-bench nonce-store --postgres URL [--seconds N] [--json FILE]\n".utf8))
        exit(2)
    }
    let row = try await NonceStoreRow.run(url: url, seconds: value(after: "--seconds").flatMap(Double.init) ?? 10)
    print("\(row.figure): \(row.value) (\(row.reference))")
    if let path = value(after: "--json") {
        try JSONEncoder().encode([row]).write(to: URL(fileURLWithPath: path))
    }
    exit(0)
}

let fixtures = try TokenFixtures()
if arguments.dropFirst().first == "memory-urlsession" {
    // line-login-bench memory-urlsession N: RSS while URLSession GETs a static emulator route N times.
    print(try await Rows.urlSessionMemory(total: arguments.count > 2 ? Int(arguments[2]) ?? 40_000 : 40_000))
    exit(0)
}
if arguments.dropFirst().first == "memory" {
    // line-login-bench memory --base URL --pid PID [--count N] [--json FILE]: the memory row, against an
    // emulator process started with --test-controls --auto-approve (scripts/bench.sh does this).
    guard let base = value(after: "--base").flatMap(URL.init(string:)), let pid = value(after: "--pid").flatMap(Int32.init) else {
        FileHandle.standardError.write(Data("usage: line-login-bench memory --base URL --pid PID [--count N] [--json FILE]\n".utf8))
        exit(2)
    }
    let row = try await Rows.memory(base: base, pid: pid, total: value(after: "--count").flatMap(Int.init) ?? 100_000)
    print("\(row.met == true ? "✓" : "✗") \(row.figure): \(row.value)")
    if let path = value(after: "--json") {
        try JSONEncoder().encode([row]).write(to: URL(fileURLWithPath: path))
    }
    exit(0)
}
if arguments.dropFirst().first == "profile" {
    // line-login-bench profile ALG N: the cost of each stage of one validation, for finding the overhead.
    try await Profile.run(
        fixtures, algorithm: arguments.count > 2 ? arguments[2] : "HS256",
        count: arguments.count > 3 ? Int(arguments[3]) ?? 10_000 : 10_000)
    exit(0)
}
if let directory = value(after: "--export") {
    // Tokens and keys for the Python comparison (PyJWT, joserfc) on exactly the same inputs.
    let export: [String: Any] = [
        "es256": fixtures.es256, "hs256": fixtures.hs256, "rs256": fixtures.rs256, "secret": fixtures.secret,
        "issuer": fixtures.issuer, "audience": fixtures.channelID, "nonce": fixtures.nonce,
        "jwks": (try? JSONSerialization.jsonObject(with: fixtures.jwks)) ?? [:],
    ]
    let data = try JSONSerialization.data(withJSONObject: export, options: [.sortedKeys])
    try data.write(to: URL(fileURLWithPath: directory).appendingPathComponent("tokens.json"))
}

var rows: [Row] = []
rows += try await Rows.validation(fixtures, batch: quick ? 500 : 3000)
rows.append(try await Rows.loginLatency(count: quick ? 100 : 1000))
rows.append(try await Rows.singleFlight())

for row in rows {
    let mark = row.met.map { $0 ? "✓" : "✗" } ?? "·"
    print("\(mark) \(row.figure): \(row.value) | \(row.reference) | \(row.ratio) | goal \(row.goal)")
}
if let path = value(after: "--json") {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(rows).write(to: URL(fileURLWithPath: path))
}
