#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ShapeBatch {
  /// An arrow `length` points long centred on `center`. Angle 0 points down; the angle turns it
  /// clockwise on screen (π points up).
  package mutating func addArrow(center: Point, length: Double, angle: Double, color: Color) {
    let turn = _Turn(center: center, angle: angle)
    let half = length / 2
    let headLength = length * 0.42
    let headWidth = length * 0.6
    let shaftWidth = length * 0.12
    // The shaft stops inside the head so the two overlap instead of leaving a seam.
    let shaftEnd = half - headLength * 0.5
    _addQuad(
      turn(-shaftWidth / 2, -half), turn(shaftWidth / 2, -half), turn(shaftWidth / 2, shaftEnd),
      turn(-shaftWidth / 2, shaftEnd), color: color)
    _addTriangle(
      turn(0, half), turn(-headWidth / 2, half - headLength),
      turn(headWidth / 2, half - headLength), color: color)
  }

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

  /// A check mark `size` points across, for a refresh that succeeded.
  package mutating func addCheckmark(center: Point, size: Double, color: Color) {
    let width = size * 0.14
    let elbow = Point(x: center.x - size * 0.12, y: center.y + size * 0.3)
    // Each stroke runs half a width past the elbow so the corner is filled.
    let reach = width / 2 / 2.squareRoot()
    addLine(
      from: Point(x: center.x - size * 0.45, y: center.y - size * 0.02),
      to: Point(x: elbow.x + reach, y: elbow.y + reach), width: width, color: color)
    addLine(
      from: Point(x: elbow.x - reach, y: elbow.y + reach),
      to: Point(x: center.x + size * 0.45, y: center.y - size * 0.38), width: width, color: color)
  }

  /// A cross `size` points across, for a refresh that failed.
  package mutating func addCross(center: Point, size: Double, color: Color) {
    let width = size * 0.14
    let half = size * 0.36
    addLine(
      from: Point(x: center.x - half, y: center.y - half),
      to: Point(x: center.x + half, y: center.y + half), width: width, color: color)
    addLine(
      from: Point(x: center.x - half, y: center.y + half),
      to: Point(x: center.x + half, y: center.y - half), width: width, color: color)
  }
}

/// Maps shape-local coordinates (y down) to the screen, turned by an angle about a centre.
private struct _Turn {
  let center: Point
  let cosine: Double
  let sine: Double

  init(center: Point, angle: Double) {
    self.center = center
    cosine = cos(angle)
    sine = sin(angle)
  }

  func callAsFunction(_ x: Double, _ y: Double) -> Point {
    Point(x: center.x + x * cosine - y * sine, y: center.y + x * sine + y * cosine)
  }
}
