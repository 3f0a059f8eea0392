import Testing

@testable import RefreshSDL

struct TextBytesTests {
  /// Texts' bytes compared whole: long ones (kept outside the string itself) of one length
  /// differ in their last byte, a copy's bytes are the same, short ones in the string too.
  @Test func bytesAreComparedToTheLast() {
    let stem = String(repeating: "the quick brown fox ", count: 3)
    #expect(!_sameBytes(stem + "1", stem + "2"))
    #expect(_sameBytes(stem + "1", String(decoding: Array((stem + "1").utf8), as: UTF8.self)))
    #expect(!_sameBytes("caf\u{E9}", "cafe\u{301}"))
    #expect(!_sameBytes("ab", "ac") && _sameBytes("ab", "a" + "b") && _sameBytes("", ""))
  }
}
