// Stand-in for Apple's `Darwin` module: Linux's C library plus the Darwin-only members this package's
// sources use, with Darwin's types. Linux-only names (MSG_NOSIGNAL, SOCK_CLOEXEC) stay visible through
// Glibc, which real Darwin would reject; docs/APPLE_PLATFORMS.md lists that gap.
@_exported import Glibc

// https://developer.apple.com/documentation/kernel/sockaddr_in (`sin_len`, BSD's length field)
extension sockaddr_in {
    public var sin_len: __uint8_t {
        get { __uint8_t(MemoryLayout<sockaddr_in>.size) }
        set {}
    }
}

// https://developer.apple.com/documentation/kernel/sockaddr_in6 (`sin6_len`)
extension sockaddr_in6 {
    public var sin6_len: __uint8_t {
        get { __uint8_t(MemoryLayout<sockaddr_in6>.size) }
        set {}
    }
}

// Darwin's <sys/socket.h> macros are `Int32`; Glibc's are enum cases or `Int`. Declared here, these shadow
// Glibc's for files that import this module, as Darwin's would.
// https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man2/socket.2.html
public var SOCK_STREAM: Int32 { 1 }
// https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man2/shutdown.2.html
public var SHUT_WR: Int32 { 1 }
// https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man2/setsockopt.2.html
public var SO_NOSIGPIPE: Int32 { 0x1022 }
// https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man2/fcntl.2.html
public var F_FULLFSYNC: Int32 { 51 }
