/// Steele, Lea and Flood's SplitMix64: a tiny, fast generator whose whole state is one word, so a
/// seed reproduces every choice exactly on every platform (the standard library's generator is
/// neither seedable nor stable across releases).
struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in 0..<1 from the top 53 bits, the most a Double holds exactly.
  mutating func nextUnitInterval() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// A well-mixed word for `values`, without keeping a generator: the same inputs always give
  /// the same word, which lets a row's text be computed instead of stored.
  static func hash(_ values: UInt64...) -> UInt64 {
    var generator = SplitMix64(seed: 0)
    var word: UInt64 = 0
    for value in values {
      generator.state ^= value &+ word
      word = generator.next()
    }
    return word
  }
}
