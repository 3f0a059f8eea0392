import CSDL2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Anti-aliased filled shapes, collected into one `SDL_RenderGeometry` call.
///
/// Every convex polygon gets a feathered edge: its outline is inset and outset by half a pixel,
/// the inner ring opaque and the outer ring transparent, so the edge fades over one pixel the way
/// coverage would. Works the same in the software renderer, so tests see the same smoothing.
package struct ShapeBatch {
  var vertices: [SDL_Vertex] = []
  var indices: [Int32] = []
  private var _scratch: [Point] = []

  /// One device pixel in points: the width of the feathered edge.
  package private(set) var pixel: Double

  /// An empty batch for a renderer of `scale` pixels per point.
  package init(scale: Double = 1) {
    pixel = 1 / max(scale, 0.01)
  }

  /// Whether nothing has been added.
  package var isEmpty: Bool { indices.isEmpty }

  /// Empties the batch, keeping its storage, for a renderer of `scale` pixels per point.
  package mutating func removeAll(scale: Double) {
    vertices.removeAll(keepingCapacity: true)
    indices.removeAll(keepingCapacity: true)
    pixel = 1 / max(scale, 0.01)
  }

  /// A filled convex polygon through `points` (either winding).
  package mutating func addConvexPolygon(_ points: [Point], color: Color) {
    _scratch.removeAll(keepingCapacity: true)
    _scratch.append(contentsOf: points)
    _emitScratch(color: color)
  }

  /// A filled triangle, without building an array per call.
  mutating func _addTriangle(_ a: Point, _ b: Point, _ c: Point, color: Color) {
    _scratch.removeAll(keepingCapacity: true)
    _scratch.append(a)
    _scratch.append(b)
    _scratch.append(c)
    _emitScratch(color: color)
  }

  /// A filled convex quadrilateral with corners in order, without building an array per call.
  mutating func _addQuad(_ a: Point, _ b: Point, _ c: Point, _ d: Point, color: Color) {
    _scratch.removeAll(keepingCapacity: true)
    _scratch.append(a)
    _scratch.append(b)
    _scratch.append(c)
    _scratch.append(d)
    _emitScratch(color: color)
  }

  /// A straight stroke from `start` to `end`, `width` points wide, with square ends.
  package mutating func addLine(from start: Point, to end: Point, width: Double, color: Color) {
    let dx = end.x - start.x
    let dy = end.y - start.y
    let length = (dx * dx + dy * dy).squareRoot()
    guard length > 1e-9 else { return }
    // Thinner than a pixel: draw one pixel at the coverage the thin line would have.
    let drawn = max(width, pixel)
    let shade = width < pixel ? color.withOpacity(width / pixel) : color
    let nx = -dy / length * drawn / 2
    let ny = dx / length * drawn / 2
    _addQuad(
      Point(x: start.x + nx, y: start.y + ny), Point(x: end.x + nx, y: end.y + ny),
      Point(x: end.x - nx, y: end.y - ny), Point(x: start.x - nx, y: start.y - ny), color: shade)
  }

  /// A filled circle.
  package mutating func addCircle(center: Point, radius: Double, color: Color) {
    let segments = max(12, min(64, Int(radius / pixel)))
    _scratch.removeAll(keepingCapacity: true)
    for index in 0..<segments {
      let angle = Double(index) / Double(segments) * 2 * Double.pi
      _scratch.append(
        Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
    }
    _emitScratch(color: color)
  }

  /// A rectangle with fully rounded ends along its longer side (a pill), like a scroll indicator.
  package mutating func addCapsule(_ rect: Rect, color: Color) {
    let radius = min(rect.width, rect.height) / 2
    guard radius > 0 else { return }
    let vertical = rect.height >= rect.width
    let first =
      vertical
      ? Point(x: rect.midX, y: rect.y + radius) : Point(x: rect.x + radius, y: rect.midY)
    let second =
      vertical
      ? Point(x: rect.midX, y: rect.maxY - radius) : Point(x: rect.maxX - radius, y: rect.midY)
    let steps = 8
    let start = vertical ? Double.pi : Double.pi / 2
    _scratch.removeAll(keepingCapacity: true)
    for index in 0...steps {
      let angle = start + Double(index) / Double(steps) * Double.pi
      _scratch.append(Point(x: first.x + radius * cos(angle), y: first.y + radius * sin(angle)))
    }
    for index in 0...steps {
      let angle = start + Double.pi + Double(index) / Double(steps) * Double.pi
      _scratch.append(
        Point(x: second.x + radius * cos(angle), y: second.y + radius * sin(angle)))
    }
    _emitScratch(color: color)
  }

  /// Triangulates `_scratch` as a fan plus a one-pixel feather ring.
  private mutating func _emitScratch(color: Color) {
    let count = _scratch.count
    guard count >= 3 else { return }
    var cx = 0.0
    var cy = 0.0
    for point in _scratch {
      cx += point.x
      cy += point.y
    }
    let centre = Point(x: cx / Double(count), y: cy / Double(count))
    let half = pixel / 2
    let clear = color.withOpacity(0)
    let base = Int32(vertices.count)
    for index in 0..<count {
      let previous = _scratch[(index + count - 1) % count]
      let current = _scratch[index]
      let next = _scratch[(index + 1) % count]
      let before = Self._outwardNormal(previous, current, centre)
      let after = Self._outwardNormal(current, next, centre)
      var mx = before.x + after.x
      var my = before.y + after.y
      let length = (mx * mx + my * my).squareRoot()
      if length < 1e-9 {
        mx = before.x
        my = before.y
      } else {
        mx /= length
        my /= length
      }
      // Miter so both edges move by half a pixel; capped at sharp corners.
      let cosine = mx * before.x + my * before.y
      let reach = half / max(cosine, 0.25)
      vertices.append(
        Self._vertex(Point(x: current.x - mx * reach, y: current.y - my * reach), color))
      vertices.append(
        Self._vertex(Point(x: current.x + mx * reach, y: current.y + my * reach), clear))
    }
    for index in 1..<(count - 1) {
      indices.append(base)
      indices.append(base + Int32(2 * index))
      indices.append(base + Int32(2 * (index + 1)))
    }
    for index in 0..<count {
      let inner = base + Int32(2 * index)
      let nextInner = base + Int32(2 * ((index + 1) % count))
      indices.append(inner)
      indices.append(nextInner)
      indices.append(nextInner + 1)
      indices.append(inner)
      indices.append(nextInner + 1)
      indices.append(inner + 1)
    }
  }

  private static func _outwardNormal(_ a: Point, _ b: Point, _ centre: Point) -> Point {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let length = (dx * dx + dy * dy).squareRoot()
    guard length > 1e-9 else { return Point(x: 0, y: 0) }
    var normal = Point(x: -dy / length, y: dx / length)
    let midX = (a.x + b.x) / 2 - centre.x
    let midY = (a.y + b.y) / 2 - centre.y
    if normal.x * midX + normal.y * midY < 0 {
      normal = Point(x: -normal.x, y: -normal.y)
    }
    return normal
  }

  private static func _vertex(_ point: Point, _ color: Color) -> SDL_Vertex {
    SDL_Vertex(
      position: SDL_FPoint(x: Float(point.x), y: Float(point.y)),
      color: SDL_Color(r: color.red, g: color.green, b: color.blue, a: color.alpha),
      tex_coord: SDL_FPoint(x: 0, y: 0))
  }
}
