// LINE's platform knowledge (endpoints, the platform client, the wire types, the button's texts and colours)
// lives in LineLoginPlatform, which the server kit builds on without this iOS-shaped façade; every name LINE's
// SDK has stays reachable with `import LineSDK`.
@_exported public import LineLoginPlatform
