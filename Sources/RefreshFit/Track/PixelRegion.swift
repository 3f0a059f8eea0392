/// A rectangle of a recording, recording pixels from its top-left corner (`--region X,Y,W,H`).
public struct PixelRegion: Sendable, Equatable, Codable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Parses `X,Y,W,H` (four whole numbers, the size above zero), or nil.
  public init?(parsing text: String) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
      Int($0.trimmingCharacters(in: " "))
    }
    guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
      x >= 0, y >= 0, w > 0, h > 0
    else { return nil }
    self.init(x: x, y: y, width: w, height: h)
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: Character) -> Substring {
    var s = self
    while s.first == set { s.removeFirst() }
    while s.last == set { s.removeLast() }
    return s
  }
}
