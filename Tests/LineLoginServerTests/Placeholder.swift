import Testing

@Test func lineLoginServerPlaceholder() {}
