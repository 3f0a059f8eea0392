import RefreshCore

/// A running FNV-1a hash of every frame's snapshot, every field in full: two runs that show the
/// same frames have the same digest, and one bit of difference in any frame changes it.
public struct SoakDigest: Sendable, Equatable, CustomStringConvertible {
  /// The hash so far.
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// An empty digest.
  public init() {}

  /// Folds in one frame. A Double's description is its shortest exact form, so the text of
  /// the snapshot carries every bit of every number.
  mutating func add(_ snapshot: RefreshSnapshot) {
    for byte in String(describing: snapshot).utf8 {
      value ^= UInt64(byte)
      value &*= 0x0000_0100_0000_01b3
    }
  }

  public var description: String { String(value, radix: 16) }
}
