@testable import OAuthEngine

/// The loopback agent's request reader: `LoopbackRequest.endOfHead(in:)` on the bytes as received, then
/// `LoopbackRequest(head:)` on the head it found (and on the whole input), then `carriesError` and
/// `hasLoopbackHost`.
func fuzzLoopback(_ bytes: UnsafeBufferPointer<UInt8>) {
    let received = Array(bytes)
    if let end = LoopbackRequest.endOfHead(in: received) {
        require(end >= 2 && end <= received.count, "end of head \(end) is outside 2...\(received.count)")
        let head = received[..<end]
        require(head.suffix(2) == [0x0A, 0x0A] || head.suffix(3) == [0x0A, 0x0D, 0x0A], "the head does not end with a blank line")
        // The earliest blank line: none ends before `end`.
        require(LoopbackRequest.endOfHead(in: Array(received[..<(end - 1)])) == nil, "a blank line ends before the head's end")
        if let request = LoopbackRequest(head: head) { check(request) }
    }
    if let request = LoopbackRequest(head: received[...]) { check(request) }
}

private func check(_ request: LoopbackRequest) {
    require(!request.method.isEmpty, "a request without a method")
    require(request.path.hasPrefix("/"), "a path that does not start with /")
    require(!request.path.contains("?"), "the query was left in the path")
    _ = request.carriesError
    _ = request.hasLoopbackHost
}
