import RefreshListModel
import Testing

@testable import RefreshSDL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The icons' sprites are rasterised with shortcuts (pixels outside every polygon's bounds and
/// pixels inside one polygon are not sampled; the spinner's steps share where its spokes lie):
/// the pixels must be those of sampling every pixel 4 × 4.
struct IconSpriteTests {
  /// Every pixel sampled, the union of `polygons` as the sprites define it.
  static func sampledEverywhere(_ polygons: [[Point]], color: Color) -> PixelImage {
    var reach = 0.0
    for polygon in polygons {
      for point in polygon { reach = max(reach, abs(point.x), abs(point.y)) }
    }
    let size = 2 * Int((reach + 1).rounded(.up))
    let centre = Double(size) / 2
    var coverage = [Double](repeating: 0, count: size * size)
    for y in 0..<size {
      for x in 0..<size {
        for sy in 0..<4 {
          for sx in 0..<4 {
            let px = Double(x) + (Double(sx) + 0.5) / 4 - centre
            let py = Double(y) + (Double(sy) + 0.5) / 4 - centre
            if polygons.contains(where: { _IconSprites.contains($0, px, py) }) {
              coverage[y * size + x] += 1
            }
          }
        }
      }
    }
    return _IconSprites.image(size: size, coverage: coverage, color: color)
  }

  @Test(arguments: [11.0, 22.0, 33.5])
  func theArrowAtEveryTurnIsItsPolygonsSampledEverywhere(length: Double) {
    let color = Color(red: 40, green: 60, blue: 200, alpha: 230)
    for turn in stride(from: 0, to: _IconSprites.arrowTurns, by: 29) {
      let angle = Double(turn) / Double(_IconSprites.arrowTurns) * 2 * Double.pi
      let polygons = _IconSprites.arrowPolygons(length: length, angle: angle)
      let image = _IconSprites.polygonsImage(polygons, color: color)
      #expect(image == Self.sampledEverywhere(polygons, color: color), "turn \(turn)")
      #expect(image.pixels.contains { $0 >> 24 == 230 }, "turn \(turn): no pixel is fully inside")
    }
  }

  @Test func theCheckAndCrossAreTheirPolygonsSampledEverywhere() {
    let color = Color(red: 255, green: 255, blue: 255, alpha: 255)
    for size in [9.0, 17.75, 30.0] {
      for polygons in [_IconSprites.checkPolygons(size: size), _IconSprites.crossPolygons(size: size)] {
        #expect(
          _IconSprites.polygonsImage(polygons, color: color)
            == Self.sampledEverywhere(polygons, color: color))
      }
    }
  }

  /// Each step's spokes are where step 0 has them, with the shades moved round one spoke a
  /// step: the leading spoke is the darkest and the one before it the faintest.
  @Test func theSpinnersStepsTurnItsShades() throws {
    let color = Color(red: 0, green: 0, blue: 0, alpha: 255)
    let layout = _IconSprites.spinnerLayout(radius: 11)
    let steps = (0..<ShapeBatch.spinnerSpokes).map {
      _IconSprites.spinnerImage(step: $0, layout: layout, color: color)
    }
    let size = layout.size
    // The middle of spoke `spoke` (0 at twelve o'clock, clockwise), 0.74 of the radius out.
    func alpha(_ image: PixelImage, spoke: Int) -> UInt32 {
      let angle = Double(spoke) / Double(ShapeBatch.spinnerSpokes) * 2 * Double.pi
      let x = Int((Double(size) / 2 + sin(angle) * 11 * 0.74).rounded(.down))
      let y = Int((Double(size) / 2 - cos(angle) * 11 * 0.74).rounded(.down))
      return image.pixels[y * size + x] >> 24
    }
    for (step, image) in steps.enumerated() {
      let leading = alpha(image, spoke: step)
      let trailing = alpha(image, spoke: (step + 1) % ShapeBatch.spinnerSpokes)
      #expect(leading == 255, "step \(step)")
      #expect(trailing < 60, "step \(step): the spoke after the leading one is the faintest")
      for spoke in 0..<ShapeBatch.spinnerSpokes where spoke != step {
        #expect(alpha(image, spoke: spoke) < leading, "step \(step), spoke \(spoke)")
      }
      // The same pixels are covered at every step: only the shades move.
      let covered = image.pixels.map { $0 >> 24 > 0 }
      #expect(covered == steps[0].pixels.map { $0 >> 24 > 0 }, "step \(step)")
    }
  }
}
