#if CLI
public import ArgumentParser
public import Logging

/// `--log-level info`: swift-log's level names.
extension Logger.Level: @retroactive ExpressibleByArgument {}
#endif
