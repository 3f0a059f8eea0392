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

  /// The smallest window that still shows what the lab is for: a header held open (up to 90
  /// pt), a row or two, the footer and the status line.
  static let smallest = WindowSize(width: 200, height: 200)

  /// The sizes `--size` accepts, as said in its refusal and in `--help`.
  static var rangeText: String {
    "\(smallest.width)…\(largestSide) wide and \(smallest.height)…\(largestSide) tall"
  }

  /// Parses `400x700`; an `X` or `×` separates as well as an `x`, as people write sizes all
  /// three ways. Anything else, or a side outside `rangeText`, is refused with the range.
  public init(parsing text: String) throws(LabError) {
    let parts = text.split(omittingEmptySubsequences: false) { "xX×".contains($0) }
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
      throw .badFlag(
        flag: "--size", message: "\"\(text)\" is not WIDTHxHEIGHT in points; write it like 400x700")
    }
    guard (Self.smallest.width...Self.largestSide).contains(width),
      (Self.smallest.height...Self.largestSide).contains(height)
    else {
      throw .badFlag(
        flag: "--size",
        message: "\(width)x\(height) points is outside \(Self.rangeText); use a size like 400x700")
    }
    self.init(width: width, height: height)
  }
}
