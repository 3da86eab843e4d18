import Testing

/// Every test that talks to glewlwyd, one at a time: glewlwyd on SQLite answers concurrent token
/// requests with 500 `server_error` (its database is busy), which would hide what is being tested.
@Suite("glewlwyd interop", .serialized)
struct GlewlwydInteropTests {}
