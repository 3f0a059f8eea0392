#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bars' icons (the activity spinner's twelve steps, the pull arrow, the check and the
/// cross), each rasterised once into a small texture and drawn as one, on whole pixels.
///
/// Drawn as anti-aliased triangles they cost the software renderer a temporary surface per
/// triangle (over a hundred a frame for the spinner), their feathered edges overlapped into
/// dark seams, and SDL snaps a triangle's corners to half pixels truncating toward zero, so an
/// icon drawn a whole pixel lower did not come out as the same pixels moved: a bar could not
/// ride with the content it scrolls with (``_BarLook``). A sprite is the same pixels wherever
/// it lands.
@MainActor
final class _IconSprites {
  /// What a sprite shows.
  enum Shape: Hashable {
    /// The spinner with spoke `step` leading, 0 at twelve o'clock: its extent is its radius.
    case spinner(step: Int)
    /// The pull arrow turned `turn` 1,024ths of a turn clockwise from pointing down: its extent
    /// is its length.
    case arrow(turn: Int)
    /// A check mark, its extent the size it is drawn for.
    case check
    /// A cross, its extent the size it is drawn for.
    case cross
  }

  struct Key: Hashable {
    var shape: Shape
    /// The extent, quarters of a pixel (rounded up).
    var extent: Int
    /// `0xAARRGGBB`.
    var color: UInt32
  }

  /// Steps of the arrow's turn in a whole turn: a 22-point arrow's tip moves a tenth of a
  /// pixel from one to the next.
  nonisolated static let arrowTurns = 1024

  private var _sprites: [Key: Texture] = [:]
  /// The pictures themselves, shared by every table: a texture is made per renderer from them,
  /// the rasterising done once for the process.
  private static var _images: [Key: PixelImage] = [:]
  /// The spinner's geometry by extent (quarter pixels): its twelve steps share it.
  private static var _spinnerLayouts: [Int: SpinnerLayout] = [:]

  /// The spinner at `phase`: its last whole spoke.
  static func spinner(phase: Double) -> Shape {
    let spokes = ShapeBatch.spinnerSpokes
    let turn = ShapeBatch.spinnerStep(phase)
    return .spinner(step: ((Int((turn * Double(spokes)).rounded()) % spokes) + spokes) % spokes)
  }

  /// The arrow at `angle` radians (0 points down), to the nearest of ``arrowTurns`` steps.
  static func arrow(angle: Double) -> Shape {
    let turns = arrowTurns
    let step = Int((angle / (2 * Double.pi) * Double(turns)).rounded())
    return .arrow(turn: ((step % turns) + turns) % turns)
  }

  /// The texture of `shape` in `color`, for `renderer`, at `extent` points rounded up to a
  /// quarter pixel (an icon the `scale` header style grows passes a sprite per quarter pixel):
  /// square, an even number of pixels wide, the shape's centre on the corner between its
  /// middle pixels.
  func sprite(_ shape: Shape, extent: Double, color: Color, renderer: Renderer) throws(SDLError)
    -> Texture
  {
    let key = Key(
      shape: shape, extent: max(1, Int((extent * renderer.scale * 4).rounded(.up))),
      color: UInt32(color.alpha) << 24 | UInt32(color.red) << 16 | UInt32(color.green) << 8
        | UInt32(color.blue))
    if let kept = _sprites[key], kept.renderer === renderer { return kept }
    // A few icons in a few sizes and colours, the sizes a growing icon passes and the angles
    // a turning arrow passes; a table that keeps changing them starts over.
    if _sprites.count >= 512 { _sprites.removeAll() }
    let image: PixelImage
    if let kept = Self._images[key] {
      image = kept
    } else {
      if Self._images.count >= 512 { Self._images.removeAll() }
      let extent = Double(key.extent) / 4
      if case .spinner(let step) = key.shape {
        let layout = Self._spinnerLayouts[key.extent] ?? Self.spinnerLayout(radius: extent)
        // A few sizes; a spinner the `scale` style grows passes one per quarter pixel.
        if Self._spinnerLayouts.count >= 64 { Self._spinnerLayouts.removeAll() }
        Self._spinnerLayouts[key.extent] = layout
        image = Self.spinnerImage(step: step, layout: layout, color: color)
      } else {
        image = Self.image(key.shape, extent: extent, color: color)
      }
      Self._images[key] = image
    }
    let texture = try Texture.make(renderer: renderer, image: image)
    _sprites[key] = texture
    return texture
  }

  /// `shape` at `extent` pixels: coverage from 4 × 4 samples a pixel.
  nonisolated static func image(_ shape: Shape, extent: Double, color: Color) -> PixelImage {
    switch shape {
    case .spinner(let step):
      return spinnerImage(step: step, layout: spinnerLayout(radius: extent), color: color)
    case .arrow(let turn):
      let angle = Double(turn) / Double(arrowTurns) * 2 * Double.pi
      return polygonsImage(arrowPolygons(length: extent, angle: angle), color: color)
    case .check: return polygonsImage(checkPolygons(size: extent), color: color)
    case .cross: return polygonsImage(crossPolygons(size: extent), color: color)
    }
  }

  /// Where a spinner of `radius` pixels has its spokes: twelve from 0.48 of the radius out, a
  /// fifth of it wide with square ends. Spoke 0 points to twelve o'clock, the others follow
  /// clockwise; every step draws the same spokes, only their shades move round.
  struct SpinnerLayout {
    /// The sprite's side, pixels.
    var size: Int
    /// For each pixel, row by row, its 4 × 4 samples in order: the spoke each lies in, or -1.
    /// The spokes do not overlap, so a sample lies in one at most.
    var samples: [Int8]
  }

  nonisolated static func spinnerLayout(radius: Double) -> SpinnerLayout {
    let spokes = ShapeBatch.spinnerSpokes
    let size = 2 * Int((radius + 1).rounded(.up))
    let centre = Double(size) / 2
    let width = radius * 0.2
    let inner = radius * 0.48
    let outer = radius - width / 2
    var directions: [(x: Double, y: Double)] = []
    for spoke in 0..<spokes {
      let angle = Double(spoke) / Double(spokes) * 2 * Double.pi
      directions.append((sin(angle), -cos(angle)))
    }
    var samples = [Int8](repeating: -1, count: size * size * 16)
    for y in 0..<size {
      for x in 0..<size {
        // Only the ring the spokes lie in is sampled (a pixel's corner is within 0.71 of it).
        let dx = Double(x) + 0.5 - centre
        let dy = Double(y) + 0.5 - centre
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance >= inner - 0.75 && distance <= radius + 0.75 else { continue }
        for sample in 0..<16 {
          let px = Double(x) + (Double(sample % 4) + 0.5) / 4 - centre
          let py = Double(y) + (Double(sample / 4) + 0.5) / 4 - centre
          for (spoke, direction) in directions.enumerated() {
            let along = px * direction.x + py * direction.y
            guard along >= inner && along <= outer else { continue }
            if abs(px * direction.y - py * direction.x) <= width / 2 {
              samples[(y * size + x) * 16 + sample] = Int8(spoke)
              break
            }
          }
        }
      }
    }
    return SpinnerLayout(size: size, samples: samples)
  }

  /// The spinner of `layout` with spoke `step` leading, each spoke behind it fainter.
  nonisolated static func spinnerImage(step: Int, layout: SpinnerLayout, color: Color)
    -> PixelImage
  {
    let spokes = ShapeBatch.spinnerSpokes
    var fades = [Double](repeating: 0, count: spokes)
    for spoke in 0..<spokes {
      let behind = ((step - spoke) % spokes + spokes) % spokes
      fades[spoke] = 1 - 0.85 * Double(behind) / Double(spokes)
    }
    let size = layout.size
    var coverage = [Double](repeating: 0, count: size * size)
    layout.samples.withUnsafeBufferPointer { samples in
      for pixel in 0..<(size * size) {
        var sum = 0.0
        for sample in 0..<16 {
          let spoke = Int(samples[pixel * 16 + sample])
          if spoke >= 0 { sum += fades[spoke] }
        }
        coverage[pixel] = sum
      }
    }
    return image(size: size, coverage: coverage, color: color)
  }

  /// The pull arrow, `length` long, turned `angle` clockwise from pointing down: a shaft and a
  /// head, as convex polygons around the centre.
  nonisolated static func arrowPolygons(length: Double, angle: Double) -> [[Point]] {
    let cosine = cos(angle)
    let sine = sin(angle)
    func turn(_ x: Double, _ y: Double) -> Point {
      Point(x: x * cosine - y * sine, y: x * sine + y * cosine)
    }
    let half = length / 2
    let headLength = length * 0.42
    let headWidth = length * 0.6
    let shaftWidth = length * 0.12
    // The shaft runs into the head, so the two leave no seam.
    let shaftEnd = half - headLength * 0.5
    return [
      [
        turn(-shaftWidth / 2, -half), turn(shaftWidth / 2, -half), turn(shaftWidth / 2, shaftEnd),
        turn(-shaftWidth / 2, shaftEnd),
      ],
      [turn(0, half), turn(-headWidth / 2, half - headLength), turn(headWidth / 2, half - headLength)],
    ]
  }

  /// A check mark `size` across: two strokes meeting at the elbow, each running half a width
  /// past it so the corner is filled.
  nonisolated static func checkPolygons(size: Double) -> [[Point]] {
    let width = size * 0.14
    let elbow = Point(x: -size * 0.12, y: size * 0.3)
    let reach = width / 2 / 2.squareRoot()
    return [
      stroke(
        from: Point(x: -size * 0.45, y: -size * 0.02),
        to: Point(x: elbow.x + reach, y: elbow.y + reach), width: width),
      stroke(
        from: Point(x: elbow.x - reach, y: elbow.y + reach),
        to: Point(x: size * 0.45, y: -size * 0.38), width: width),
    ]
  }

  /// A cross `size` across: two strokes corner to corner.
  nonisolated static func crossPolygons(size: Double) -> [[Point]] {
    let width = size * 0.14
    let half = size * 0.36
    return [
      stroke(from: Point(x: -half, y: -half), to: Point(x: half, y: half), width: width),
      stroke(from: Point(x: -half, y: half), to: Point(x: half, y: -half), width: width),
    ]
  }

  /// A straight stroke `width` wide with square ends, as the four corners of its rectangle.
  nonisolated static func stroke(from start: Point, to end: Point, width: Double) -> [Point] {
    let dx = end.x - start.x
    let dy = end.y - start.y
    let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
    let nx = -dy / length * width / 2
    let ny = dx / length * width / 2
    return [
      Point(x: start.x + nx, y: start.y + ny), Point(x: end.x + nx, y: end.y + ny),
      Point(x: end.x - nx, y: end.y - ny), Point(x: start.x - nx, y: start.y - ny),
    ]
  }

  /// The union of convex `polygons` (pixels, around the centre) in `color`. A pixel outside
  /// every polygon's bounds is clear and one whose corners all lie in one polygon is full,
  /// without sampling: only the pixels an edge crosses are sampled.
  nonisolated static func polygonsImage(_ polygons: [[Point]], color: Color) -> PixelImage {
    var reach = 0.0
    for polygon in polygons {
      for point in polygon { reach = max(reach, abs(point.x), abs(point.y)) }
    }
    let size = 2 * Int((reach + 1).rounded(.up))
    let centre = Double(size) / 2
    let bounds = polygons.map { polygon in
      (
        minX: polygon.map(\.x).min() ?? 0, maxX: polygon.map(\.x).max() ?? 0,
        minY: polygon.map(\.y).min() ?? 0, maxY: polygon.map(\.y).max() ?? 0
      )
    }
    var coverage = [Double](repeating: 0, count: size * size)
    var near: [[Point]] = []
    for y in 0..<size {
      for x in 0..<size {
        let left = Double(x) - centre
        let top = Double(y) - centre
        near.removeAll(keepingCapacity: true)
        var full = false
        for (polygon, box) in zip(polygons, bounds)
        where box.maxX >= left && box.minX <= left + 1 && box.maxY >= top && box.minY <= top + 1 {
          // A convex polygon holding a pixel's corners holds the whole pixel.
          if contains(polygon, left, top) && contains(polygon, left + 1, top)
            && contains(polygon, left, top + 1) && contains(polygon, left + 1, top + 1)
          {
            full = true
            break
          }
          near.append(polygon)
        }
        if full {
          coverage[y * size + x] = 16
          continue
        }
        guard !near.isEmpty else { continue }
        var sum = 0.0
        for sy in 0..<4 {
          for sx in 0..<4 {
            let px = left + (Double(sx) + 0.5) / 4
            let py = top + (Double(sy) + 0.5) / 4
            for polygon in near where contains(polygon, px, py) {
              sum += 1
              break
            }
          }
        }
        coverage[y * size + x] = sum
      }
    }
    return image(size: size, coverage: coverage, color: color)
  }

  /// Whether convex `polygon` (either winding) holds the point `x`, `y`.
  nonisolated static func contains(_ polygon: [Point], _ x: Double, _ y: Double) -> Bool {
    var sign = 0.0
    for index in polygon.indices {
      let a = polygon[index]
      let b = polygon[(index + 1) % polygon.count]
      let cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)
      if cross == 0 { continue }
      if sign == 0 {
        sign = cross
      } else if (cross > 0) != (sign > 0) {
        return false
      }
    }
    return true
  }

  /// A `size`-pixel square in `color`, each pixel's alpha its `coverage` (the sum of its 16
  /// samples, each 0…1) over 16.
  nonisolated static func image(size: Int, coverage: [Double], color: Color) -> PixelImage {
    let rgb = UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    var pixels = [UInt32](repeating: rgb, count: size * size)
    for pixel in 0..<(size * size) where coverage[pixel] > 0 {
      let alpha = (coverage[pixel] / 16 * Double(color.alpha)).rounded()
      pixels[pixel] = UInt32(min(255, alpha)) << 24 | rgb
    }
    return PixelImage(width: size, height: size, pixels: pixels)
  }
}
