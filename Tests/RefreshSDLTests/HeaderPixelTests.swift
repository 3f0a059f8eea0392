import RefreshCore
import RefreshSDL
import Testing

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
}
