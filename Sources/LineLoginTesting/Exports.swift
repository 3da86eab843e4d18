#if Emulator
// The channels, users and controls a test configures are the emulator's own types, and the scripted user agent
// (`ScriptedBrowser`, what a user does on the consent page) EmulatorBrowser's: one `import LineLoginTesting`
// reaches them.
@_exported public import EmulatorBrowser
@_exported public import LineLoginEmulator
#endif
