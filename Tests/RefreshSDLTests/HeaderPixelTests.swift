import RefreshCore
import Testing

@testable import RefreshSDL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite(.serialized)
@MainActor
struct HeaderPixelTests {
  let cyan = TableStyle().barColor

  @Test func headerVisibleHeightFollowsThePull() throws {
    let canvas = try TestCanvas()
    var snapshot = canvas.snapshot()
    snapshot.header = .pulling
    snapshot.offset = -30
    let shallow = try canvas.render(snapshot)
    snapshot.offset = -80
    let deep = try canvas.render(snapshot)
    snapshot.offset = 0
    let rest = try canvas.render(snapshot)

    // Column 4 is left of every label and icon: only the bar itself is cyan there.
    #expect(shallow.rowsMatching(cyan, column: 4) == 30)
    #expect(shallow.firstRow(matching: cyan, column: 4) == 0)
    #expect(deep.rowsMatching(cyan, column: 4) == 60)
    // Pulled past its height, the header hangs 20 pt below the top with background above it.
    #expect(deep.firstRow(matching: cyan, column: 4) == 20)
    #expect(deep[4, 10].isClose(to: TableStyle().background))
    #expect(rest.rowsMatching(cyan, column: 4) == 0)
  }

  @Test func headerScalesToPixelsOnHiDPI() throws {
    let canvas = try TestCanvas(width: 240, height: 120, scale: 2)
    var snapshot = canvas.snapshot()
    snapshot.offset = -30
    let image = try canvas.render(snapshot)
    #expect(image.width == 480 && image.height == 240)
    #expect(image.rowsMatching(cyan, column: 4) == 60)
  }

  @Test func arrowPointsTheOtherWayOnceArmed() throws {
    let canvas = try TestCanvas()
    var snapshot = canvas.snapshot()
    snapshot.offset = -60
    snapshot.header = .pulling
    snapshot.headerArrowAngle = 0
    let pulling = try canvas.render(snapshot)
    snapshot.header = .armed
    snapshot.headerArrowAngle = Double.pi
    let armed = try canvas.render(snapshot)

    // Same label, so only the arrow differs; its head (the heavier end) shows where it points:
    // lower at 0 than at π, turned about the same centre.
    let box = try #require(pulling.differenceBox(armed))
    #expect(box.maxY < 60, "only the header changes")
    let down = try #require(
      pulling.inkCentroidY(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY))
    let up = try #require(
      armed.inkCentroidY(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY))
    #expect(down > up + 1, "angle 0 points down, π up")
  }

  @Test func arrowTurnsSmoothlyThroughIntermediateAngles() throws {
    let canvas = try TestCanvas()
    var snapshot = canvas.snapshot()
    snapshot.offset = -60
    snapshot.header = .pulling
    let start = try canvas.render(snapshot)
    snapshot.headerArrowAngle = Double.pi / 2
    let halfway = try canvas.render(snapshot)
    snapshot.headerArrowAngle = Double.pi
    let end = try canvas.render(snapshot)
    #expect(halfway != start && halfway != end)
    // Sideways, the arrow is wider than tall.
    let box = try #require(start.differenceBox(halfway))
    #expect(box.maxX - box.minX > 0 && box.maxY - box.minY > 0)
  }

  /// The header open and refreshing at rest: the spinner showing.
  func refreshing(_ canvas: TestCanvas) -> RefreshSnapshot {
    var snapshot = canvas.snapshot()
    snapshot.offset = -60
    snapshot.inset.top = 60
    snapshot.header = .refreshing
    snapshot.headerLabel = .refreshing
    return snapshot
  }

  /// The leading spoke is the darkest: at twelve o'clock at phase 0, at six at half a turn,
  /// at three at a quarter (the spinner turns clockwise).
  @Test(arguments: [(0.0, 0, -1), (0.5, 0, 1), (0.25, 1, 0)])
  func theSpinnerLeadsWithItsDarkestSpoke(phase: Double, dx: Int, dy: Int) throws {
    let canvas = try TestCanvas()
    var snapshot = refreshing(canvas)
    snapshot.spinnerPhase = phase
    let shown = try canvas.render(snapshot)
    snapshot.spinnerPhase = phase + 1.0 / 12
    let next = try canvas.render(snapshot)
    let box = try #require(shown.differenceBox(next), "the spinner steps")
    var darkest = (x: 0, y: 0, sum: Int.max)
    for y in box.minY...box.maxY {
      for x in box.minX...box.maxX {
        let pixel = shown[x, y]
        let sum = Int(pixel.red) + Int(pixel.green) + Int(pixel.blue)
        if sum < darkest.sum { darkest = (x, y, sum) }
      }
    }
    let midX = Double(box.minX + box.maxX) / 2
    let midY = Double(box.minY + box.maxY) / 2
    let offX = Double(darkest.x) - midX
    let offY = Double(darkest.y) - midY
    // Along the expected direction by a few pixels, and barely across it.
    #expect(offX * Double(dx) + offY * Double(dy) > 3, "darkest at \(darkest) in \(box)")
    #expect(abs(offX * Double(dy) - offY * Double(dx)) <= 2, "darkest at \(darkest) in \(box)")
  }

  @Test func spinnerFramesDifferOverTime() throws {
    let canvas = try TestCanvas()
    var snapshot = refreshing(canvas)
    snapshot.spinnerPhase = 0
    let first = try canvas.render(snapshot)
    snapshot.spinnerPhase = 0.25
    let later = try canvas.render(snapshot)
    snapshot.spinnerPhase = 1
    let fullTurn = try canvas.render(snapshot)

    let box = try #require(first.differenceBox(later), "the spinner moved")
    #expect(box.maxY < 60 && box.maxX < 160, "only the spinner, left of the label, changes")
    #expect(first.differenceBox(fullTurn) == nil, "a whole turn looks the same")
    // It steps from spoke to spoke: within a twelfth of a turn nothing moves.
    snapshot.spinnerPhase = 0.26
    let withinSpoke = try canvas.render(snapshot)
    snapshot.spinnerPhase = 0.33
    let endOfSpoke = try canvas.render(snapshot)
    snapshot.spinnerPhase = 0.34
    let nextSpoke = try canvas.render(snapshot)
    #expect(later.differenceBox(withinSpoke) == nil && later.differenceBox(endOfSpoke) == nil)
    #expect(endOfSpoke.differenceBox(nextSpoke) != nil, "the next spoke leads")
  }

  @Test func spinnerReplacesTheArrowWhileRefreshing() throws {
    let canvas = try TestCanvas()
    var snapshot = canvas.snapshot()
    snapshot.offset = -60
    snapshot.header = .armed
    snapshot.headerLabel = .refreshing
    let arrow = try canvas.render(snapshot)
    snapshot.header = .refreshing
    let spinner = try canvas.render(snapshot)
    #expect(arrow.differenceBox(spinner) != nil)

    // Armed, the arrow (22 pt, angle 0) is the header's only icon; refreshing, the spinner
    // (radius 11, spoke 0 leading at phase 0) is, at the same centre, and no arrow is left.
    let arrowShape = Self.icon(.arrow(turn: 0), extent: 22)
    let spinnerShape = Self.icon(.spinner(step: 0), extent: 11)
    let arrowAt = try #require(Self.place(arrowShape, in: arrow), "no arrow in the armed header")
    Self.expectOnlyIcon(arrowAt, arrowShape, in: arrow, "armed")
    let spinnerAt = try #require(Self.place(spinnerShape, in: spinner), "no spinner in the refreshing header")
    Self.expectOnlyIcon(spinnerAt, spinnerShape, in: spinner, "refreshing")
    #expect(Self.center(arrowAt, arrowShape) == Self.center(spinnerAt, spinnerShape), "where the arrow was")
    #expect(Self.place(arrowShape, in: spinner) == nil, "an arrow left in the refreshing header")
    #expect(Self.place(spinnerShape, in: arrow) == nil, "a spinner in the armed header")

    // The spinner's own pattern, read without the shape code: twelve spokes around an empty
    // centre (the arrow's shaft runs through its centre; a spinner has none there).
    let (cx, cy) = Self.center(spinnerAt, spinnerShape)
    for dx in -2...1 {
      for dy in -2...1 {
        #expect(Self.coverage(spinner, x: cx + dx, y: cy + dy) < 0.1, "ink at the spinner's centre")
      }
    }
    for spoke in 0..<12 {
      let angle = Double(spoke) / 12 * 2 * Double.pi
      let between = angle + Double.pi / 12
      let onSpoke = Self.coverage(spinner, x: cx, y: cy, along: angle, distance: 8)
      let offSpoke = Self.coverage(spinner, x: cx, y: cy, along: between, distance: 8)
      #expect(onSpoke > 0.15, "spoke \(spoke) at 8 px covers \(onSpoke)")
      #expect(offSpoke < onSpoke, "between spokes \(spoke) and \(spoke + 1): \(offSpoke)")
    }
  }

  @Test func finishedHeaderShowsItsResult() throws {
    let canvas = try TestCanvas()
    var snapshot = canvas.snapshot()
    snapshot.offset = -60
    snapshot.header = .finishing
    snapshot.headerLabel = .refreshSucceeded
    snapshot.headerResult = .success
    let success = try canvas.render(snapshot)
    snapshot.headerResult = .failure
    let failure = try canvas.render(snapshot)
    #expect(success.differenceBox(failure) != nil, "a check and a cross differ")

    // Each shows its own icon, 0.8 of the 22 pt icon size, and only it: the check where a
    // success is, the cross where a failure is, no arrow or spinner with either.
    let check = Self.icon(.check, extent: 22 * 0.8)
    let cross = Self.icon(.cross, extent: 22 * 0.8)
    let checkAt = try #require(Self.place(check, in: success), "no check mark after a success")
    Self.expectOnlyIcon(checkAt, check, in: success, "success")
    let crossAt = try #require(Self.place(cross, in: failure), "no cross after a failure")
    Self.expectOnlyIcon(crossAt, cross, in: failure, "failure")
    #expect(Self.place(cross, in: success) == nil, "a cross after a success")
    #expect(Self.place(check, in: failure) == nil, "a check mark after a failure")

    // Their patterns, read without the shape code, at 0.3 of the 17.6 px size from the centre:
    // the cross's two diagonals reach all four corners; the check's short stroke runs down to
    // the elbow below the centre and its long one up to the right, so of the corners only the
    // top right is inked.
    let size = 22 * 0.8
    let corners = [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)]
    let (fx, fy) = Self.center(crossAt, cross)
    for (sx, sy) in corners {
      let ink = Self.coverage(failure, x: fx, y: fy, dx: sx * 0.3 * size, dy: sy * 0.3 * size)
      #expect(ink > 0.5, "the cross's corner (\(sx), \(sy)) covers \(ink)")
    }
    let (kx, ky) = Self.center(checkAt, check)
    for (sx, sy) in corners where !(sx > 0 && sy < 0) {
      let ink = Self.coverage(success, x: kx, y: ky, dx: sx * 0.3 * size, dy: sy * 0.3 * size)
      #expect(ink < 0.1, "the check's corner (\(sx), \(sy)) covers \(ink)")
    }
    // On the long stroke near its top right end, and at the elbow.
    #expect(Self.coverage(success, x: kx, y: ky, dx: 0.35 * size, dy: -0.26 * size) > 0.5)
    #expect(Self.coverage(success, x: kx, y: ky, dx: -0.12 * size, dy: 0.27 * size) > 0.5)
  }

  @Test func lastUpdatedLineIsDrawn() throws {
    let canvas = try TestCanvas()
    var snapshot = canvas.snapshot()
    snapshot.offset = -60
    let without = try canvas.render(snapshot, lastUpdated: "")
    let with = try canvas.render(snapshot, lastUpdated: "Last updated: today 10:32")
    let box = try #require(without.differenceBox(with))
    #expect(box.maxY < 60)
  }

  @Test func sameFrameDrawsTheSamePixels() throws {
    let canvas = try TestCanvas()
    var snapshot = canvas.snapshot()
    snapshot.offset = -45.5
    snapshot.header = .pulling
    snapshot.headerArrowAngle = 1
    snapshot.indicatorOpacity = 0.7
    let first = try canvas.render(snapshot, lastUpdated: "Last updated: never")
    let second = try canvas.render(snapshot, lastUpdated: "Last updated: never")
    #expect(first == second)
  }

  // MARK: Icons

  /// An icon as the shape code draws it alone: `shape` at `extent` points (at scale 1), rounded
  /// up to the quarter pixel the sprites are keyed by, in the bar's ink.
  static func icon(_ shape: _IconSprites.Shape, extent: Double) -> PixelImage {
    _IconSprites.image(
      shape, extent: (extent * 4).rounded(.up) / 4, color: TableStyle().barInkColor)
  }

  /// Where `icon`, laid over the bar's colour, shows whole in the header's 60 rows of `image`
  /// (its top-left), every pixel within `tolerance` of a channel; nil if nowhere.
  static func place(_ icon: PixelImage, in image: PixelImage, tolerance: Int = 4) -> (x: Int, y: Int)? {
    let bar = TableStyle().barColor
    // The most covered pixels first: a wrong place fails at once.
    var expected: [(x: Int, y: Int, color: Color, alpha: UInt32)] = []
    for y in 0..<icon.height {
      for x in 0..<icon.width {
        let alpha = icon.pixels[y * icon.width + x] >> 24
        let ink = icon[x, y]
        let share = Double(alpha) / 255
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
          let value: Double = Double(a) * share + Double(b) * (1 - share)
          return UInt8(value.rounded())
        }
        let color = Color(
          red: mix(ink.red, bar.red), green: mix(ink.green, bar.green), blue: mix(ink.blue, bar.blue))
        expected.append((x, y, color, alpha))
      }
    }
    expected.sort { $0.alpha > $1.alpha }
    guard expected.first.map({ $0.alpha > 200 }) == true else { return nil }
    for top in 0...(60 - icon.height) {
      for left in 0...(image.width - icon.width)
      where expected.allSatisfy({ image[left + $0.x, top + $0.y].isClose(to: $0.color, tolerance: tolerance) }
      ) {
        return (left, top)
      }
    }
    return nil
  }

  /// The pixel corner `icon` placed at `at` is centred on (a sprite's centre is the corner
  /// between its middle pixels).
  static func center(_ at: (x: Int, y: Int), _ icon: PixelImage) -> (Int, Int) {
    (at.x + icon.width / 2, at.y + icon.height / 2)
  }

  /// Nothing but the icon inks the bar left of the label: every pixel of the header's rows
  /// from column 0 to 6 past the icon (the label starts 14 pt right of it) is the bar's colour,
  /// outside the icon's square.
  static func expectOnlyIcon(
    _ at: (x: Int, y: Int), _ icon: PixelImage, in image: PixelImage, _ state: String
  ) {
    let bar = TableStyle().barColor
    var stray = 0
    for y in 0..<60 {
      for x in 0..<min(image.width, at.x + icon.width + 6)
      where !(at.x..<at.x + icon.width).contains(x) || !(at.y..<at.y + icon.height).contains(y) {
        if !image[x, y].isClose(to: bar) { stray += 1 }
      }
    }
    #expect(stray == 0, "\(state): \(stray) pixels of ink beside the icon")
  }

  /// How much of the bar's ink covers the pixel under the point (`dx`, `dy`) from the pixel
  /// corner (`x`, `y`): 0 for the bar's colour, 1 for the ink, read on the channel where the two
  /// differ most.
  static func coverage(_ image: PixelImage, x: Int, y: Int, dx: Double = 0, dy: Double = 0) -> Double {
    let bar = TableStyle().barColor
    let ink = TableStyle().barInkColor
    let pixel = image[Int((Double(x) + dx).rounded(.down)), Int((Double(y) + dy).rounded(.down))]
    let channels = [
      (bar.red, ink.red, pixel.red), (bar.green, ink.green, pixel.green), (bar.blue, ink.blue, pixel.blue),
    ]
    let widest = channels.max { abs(Int($0.0) - Int($0.1)) < abs(Int($1.0) - Int($1.1)) } ?? channels[0]
    return Double(Int(widest.0) - Int(widest.2)) / Double(Int(widest.0) - Int(widest.1))
  }

  /// `coverage` at `distance` pixels from the corner (`x`, `y`) in the direction `angle`
  /// radians clockwise from twelve o'clock.
  static func coverage(_ image: PixelImage, x: Int, y: Int, along angle: Double, distance: Double) -> Double {
    coverage(image, x: x, y: y, dx: sin(angle) * distance, dy: -cos(angle) * distance)
  }
}
