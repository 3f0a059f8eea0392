/// A window size in points, from `--size WxH`.
public struct WindowSize: Sendable, Equatable {
  /// Width, points.
  public var width: Int
  /// Height, points.
  public var height: Int

  /// A size of `width` by `height` points.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The window RefreshLab opens when `--size` is not given: a phone-like portrait.
  public static let standard = WindowSize(width: 400, height: 700)

  /// SDL's software renderer and most GPUs refuse surfaces past this many pixels a side.
  static let largestSide = 16384

  /// Parses `400x700` (an `X` or `×` also separates), or says what is wrong.
  public init(parsing text: String) throws(LabError) {
    let parts = text.split(omittingEmptySubsequences: false) { "xX×".contains($0) }
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
      throw .badFlag(
        flag: "--size", message: "\"\(text)\" is not WIDTHxHEIGHT in points; write it like 400x700")
    }
    let range = 1...Self.largestSide
    guard range.contains(width), range.contains(height) else {
      throw .badFlag(
        flag: "--size",
        message:
          "\(width)x\(height) has a side outside 1…\(Self.largestSide) points; use a size like 400x700"
      )
    }
    self.init(width: width, height: height)
  }
}
