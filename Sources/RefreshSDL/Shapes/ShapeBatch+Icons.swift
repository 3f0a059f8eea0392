#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ShapeBatch {
  /// The spokes of the activity spinner.
  package static let spinnerSpokes = 12

  /// `phase` (turns) down to the last whole spoke: the spinner steps from spoke to spoke, as
  /// UIActivityIndicatorView's does and SmartRefreshLayout's `ProgressDrawable` (30° a step),
  /// so it changes twelve times a turn, not every frame.
  package static func spinnerStep(_ phase: Double) -> Double {
    (phase * Double(spinnerSpokes)).rounded(.down) / Double(spinnerSpokes)
  }

  /// An arc of a circle `width` points thick, starting `startTurn` turns clockwise from twelve
  /// o'clock and running `sweepTurns` turns clockwise: Material's spinner stroke.
  package mutating func addArc(
    center: Point, radius: Double, startTurn: Double, sweepTurns: Double, width: Double, color: Color
  ) {
    // Short chords, each overlapping the next by half a width so the joins leave no notch.
    let segments = max(2, Int((abs(sweepTurns) * 48).rounded(.up)))
    func point(_ turn: Double) -> Point {
      let angle = turn * 2 * Double.pi
      return Point(x: center.x + sin(angle) * radius, y: center.y - cos(angle) * radius)
    }
    let overlap = width / 2 / (2 * Double.pi * max(radius, 1e-6))
    for index in 0..<segments {
      let a = startTurn + sweepTurns * Double(index) / Double(segments)
      let b = startTurn + sweepTurns * Double(index + 1) / Double(segments)
      let last = index == segments - 1
      addLine(from: point(a), to: point(last ? b : b + overlap), width: width, color: color)
    }
  }

  /// The arrowhead at the end of an arc (`atTurn` turns clockwise from twelve o'clock), pointing
  /// along it clockwise: `size` points long.
  package mutating func addArcHead(
    center: Point, radius: Double, atTurn turn: Double, size: Double, color: Color
  ) {
    guard size > 0.5 else { return }
    let angle = turn * 2 * Double.pi
    let radial = Point(x: sin(angle), y: -cos(angle))
    let along = Point(x: cos(angle), y: sin(angle))
    let base = Point(x: center.x + radial.x * radius, y: center.y + radial.y * radius)
    let outer = Point(x: base.x + radial.x * size / 2, y: base.y + radial.y * size / 2)
    let inner = Point(x: base.x - radial.x * size / 2, y: base.y - radial.y * size / 2)
    let tip = Point(x: base.x + along.x * size * 0.8, y: base.y + along.y * size * 0.8)
    addConvexPolygon([outer, tip, inner], color: color)
  }
}
