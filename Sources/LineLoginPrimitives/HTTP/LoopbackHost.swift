import Foundation

/// The one rule for which `Host` a loopback listener answers, against DNS rebinding.
///
/// A page on a foreign domain that the attacker's DNS re-resolves to 127.0.0.1 reaches a loopback listener
/// from the victim's browser with the page's own origin, so `Origin` checks pass; but the browser still
/// sends that domain's name as `Host`. A listener that answers only a loopback `Host` (`localhost`, an
/// address in 127.0.0.0/8, `[::1]` in any spelling, each with an optional port) never serves such a page.
/// Names a listener's owner adds on purpose (a container's service name) can be allowed too, and a
/// listener that also serves other addresses may allow any IP literal (``allows(_:extraNames:anyAddress:)``).
package enum LoopbackHost {
    /// Whether the `Host` value `header` names a loopback host, one of `extraNames` (each compared by its
    /// name alone, without regard to case or to a port written with it: `emulator:8400` allows `emulator`
    /// on any port), or, with `anyAddress`, any IP literal (a strict dotted quad, or a bracketed IPv6
    /// address without a zone).
    ///
    /// `anyAddress` is safe against DNS rebinding: rebinding needs the browser to resolve a *name* the
    /// attacker's DNS answers, and the browser then sends that name as `Host`. A `Host` that is an IP
    /// literal comes from a URL with that literal in it: nothing was resolved, so nothing was rebound, and
    /// the browser connected to that very address, whose pages other origins can't read. It is for a
    /// listener on a LAN address or `0.0.0.0`, reached as `http://192.168.1.5:8400/`.
    ///
    /// An absent header passes: HTTP/1.0 clients may omit it, and browsers always send it, so a page
    /// (rebound or not) can't make one without it. A malformed value (a bare IPv6 address, a port that
    /// isn't 1–5 digits, anything after `]`) fails. Names are compared as written: `localhost.` (with the
    /// root's dot) is not `localhost`.
    package static func allows(_ header: String?, extraNames: Set<String> = [], anyAddress: Bool = false) -> Bool {
        guard let header else { return true }
        guard let name = hostName(header) else { return false }
        if isLoopback(name) { return true }
        if anyAddress, isAddressLiteral(name) { return true }
        return !extraNames.isEmpty && extraNames.contains { hostName($0) == name }
    }

    /// Whether `name` (a host without port, as ``hostName(_:)`` gives it) is an IP literal: a strict
    /// dotted quad, or an IPv6 address in brackets.
    package static func isAddressLiteral(_ name: String) -> Bool {
        if ipv4Octets(name) != nil { return true }
        guard name.hasPrefix("["), name.hasSuffix("]"), name.count > 2 else { return false }
        return ipv6Groups(String(name.dropFirst().dropLast())) != nil
    }

    /// Whether `name` (a host without port, brackets allowed around IPv6) is loopback: `localhost`, an
    /// address in 127.0.0.0/8 written as a strict dotted quad, or `::1` in any spelling.
    package static func isLoopback(_ name: String) -> Bool {
        var name = name.lowercased()
        if name == "localhost" { return true }
        if name.hasPrefix("[") && name.hasSuffix("]") && name.count >= 2 { name = String(name.dropFirst().dropLast()) }
        if let octets = ipv4Octets(name) { return octets[0] == 127 }
        return isIPv6Loopback(name)
    }

    /// The host part of a `Host` value (or of a name given with a port, `emulator:8400`), lower-cased,
    /// IPv6 kept in brackets, or `nil` when the value is malformed.
    package static func hostName(_ header: String) -> String? {
        let value = header.lowercased()
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            let rest = value[value.index(after: close)...]
            guard rest.isEmpty || (rest.first == ":" && isPort(rest.dropFirst())) else { return nil }
            let inside = value[value.index(after: value.startIndex)..<close]
            return inside.isEmpty ? nil : "[" + inside + "]"
        }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return parts[0].isEmpty ? nil : String(parts[0])
        case 2: return !parts[0].isEmpty && isPort(parts[1]) ? String(parts[0]) : nil
        default: return nil // a bare IPv6 address: Host must bracket it
        }
    }

    private static func isPort(_ text: Substring) -> Bool {
        (1...5).contains(text.utf8.count) && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Strict dotted quad: four groups of one to three ASCII digits, each at most 255.
    package static func ipv4Octets(_ host: String) -> [UInt8]? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [UInt8] = []
        for part in parts {
            // `UInt8("+1")` parses, so the characters are checked first.
            guard (1...3).contains(part.utf8.count),
                part.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let octet = UInt8(part)
            else { return nil }
            octets.append(octet)
        }
        return octets
    }

    /// `true` for the spellings of `::1` (`::1`, `0::1`, `0:0:0:0:0:0:0:1`, …), unbracketed; no zone IDs.
    package static func isIPv6Loopback(_ host: String) -> Bool {
        ipv6Groups(host) == [0, 0, 0, 0, 0, 0, 0, 1]
    }

    /// The eight groups of an IPv6 address in hex notation (with at most one `::`), unbracketed, or `nil`
    /// when it isn't one. No zone IDs and no dotted IPv4 tail.
    static func ipv6Groups(_ host: String) -> [UInt16]? {
        let hexDigits = Set("0123456789abcdef")
        let host = host.lowercased()
        guard !host.isEmpty, host.allSatisfy({ hexDigits.contains($0) || $0 == ":" }) else { return nil }
        let halves = host.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt16]? {
            if part.isEmpty { return [] }
            let groups = part.split(separator: ":", omittingEmptySubsequences: false)
            guard groups.allSatisfy({ (1...4).contains($0.count) }) else { return nil }
            return groups.compactMap { UInt16($0, radix: 16) }
        }
        if halves.count == 2 {
            guard let head = groups(halves[0]), let tail = groups(halves[1]), head.count + tail.count <= 7 else { return nil }
            return head + [UInt16](repeating: 0, count: 8 - head.count - tail.count) + tail
        }
        guard let all = groups(host), all.count == 8 else { return nil }
        return all
    }
}
