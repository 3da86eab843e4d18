import Testing

@Test func oidcInteropPlaceholder() {}
