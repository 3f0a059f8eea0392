import RefreshCore
import RefreshSDL
import Testing

@testable import RefreshLab

/// Values to pixels: scales, round ticks, the chart's layout, and what each strip's axis covers.
@Suite struct PlotGeometryTests {
  @Test func aVerticalScaleMapsLargerValuesHigher() {
    // A strip from y = 10 (top) to y = 110 (bottom) showing 0…100.
    let scale = PlotScale(domain: 0...100, start: 110, end: 10)
    #expect(scale.position(of: 0) == 110)
    #expect(scale.position(of: 100) == 10)
    #expect(scale.position(of: 25) == 85)
    #expect(scale.position(of: -50) == 160, "values outside the domain fall outside the strip")
    #expect(scale.value(at: 60) == 50)
  }

  @Test func aTimeScaleMapsSecondsOntoTheStripsWidth() {
    let time = PlotScale(domain: 12...17, start: 44, end: 544)
    #expect(time.position(of: 12) == 44)
    #expect(time.position(of: 14.5) == 294)
    #expect(time.position(of: 17) == 544)
  }

  @Test func anEmptyDomainIsWidenedInsteadOfDividingByZero() {
    let scale = PlotScale(domain: 5...5, start: 100, end: 0)
    #expect(scale.domain == 4...6)
    #expect(scale.position(of: 5) == 50)
  }

  @Test func ticksAreRoundAndCoverTheValues() {
    let ticks = PlotTicks(covering: -118...42, count: 5)
    #expect(ticks.step == 50)
    #expect(ticks.domain == -150...50)
    #expect(ticks.values == [-150, -100, -50, 0, 50])
    #expect(ticks.label(-150) == "\u{2212}150")
    #expect(ticks.label(0) == "0")
    #expect(ticks.label(-0.0) == "0")

    let small = PlotTicks(covering: 0...1, count: 5)
    #expect(small.step == 0.5)
    #expect(small.label(0.5) == "0.5")
    #expect(small.label(-1.5) == "\u{2212}1.5")
    #expect(PlotTicks(covering: 0...0.1, count: 5).label(0.05) == "0.05")
  }

  @Test func stepsAreOneTwoOrFiveTimesAPowerOfTen() {
    #expect(PlotTicks.niceStep(for: 0.3) == 0.5)
    #expect(PlotTicks.niceStep(for: 1) == 1)
    #expect(PlotTicks.niceStep(for: 1.2) == 2)
    #expect(PlotTicks.niceStep(for: 7) == 10)
    #expect(PlotTicks.niceStep(for: 2100) == 5000)
    #expect(PlotTicks.niceStep(for: 0) == 1)
  }

  @Test func aFlatCurveStillGetsAnAxisAroundIt() {
    let ticks = PlotTicks(covering: 3...3, count: 4)
    #expect(ticks.domain.contains(3))
    #expect(ticks.domain.upperBound > ticks.domain.lowerBound)
  }

  @Test func theLiveTimeAxisCountsBackFromNow() {
    let grid = TimeGrid(window: 12.3...17.3, origin: 17.3, width: 400)
    let times = (0..<grid.ticks.count).compactMap(grid.time)
    #expect(times.count >= 3)
    #expect(times.allSatisfy { (12.3 - 1e-9...17.3 + 1e-9).contains($0) })
    #expect(abs((times.last ?? 0) - 17.3) < 1e-9, "now is a tick, labelled 0")
    #expect(grid.ticks.label((times.last ?? 0) - 17.3) == "0")
  }

  @Test func stripsStackInsideTheFrameWithoutOverlapping() {
    for (metrics, height) in [(PlotLayout.Metrics.document, 600.0), (.overlay, 294)] {
      let frame = Rect(x: 20, y: 400, width: 600, height: height)
      let layout = PlotLayout(frame: frame, metrics: metrics)
      let strips = layout.strips
      for strip in strips {
        #expect(strip.x >= frame.x && strip.maxX <= frame.maxX)
        #expect(strip.y >= frame.y && strip.maxY <= frame.maxY)
        #expect(strip.height > 20)
      }
      #expect(layout.offset.maxY + metrics.headingHeight <= layout.velocity.y + 1e-9)
      #expect(layout.velocity.maxY + metrics.headingHeight <= layout.frames.y + 1e-9)
      #expect(layout.offset.height > layout.velocity.height)
      #expect(layout.velocity.height > layout.frames.height)
      #expect(layout.timeAxis.y >= layout.frames.maxY)
      #expect(layout.timeAxis.maxY <= frame.maxY)
      #expect(layout.legend.maxY <= layout.offset.y)
    }
  }

  func sample(_ time: Double, offset: Double, velocity: Double = 0, band: PlotBand = .none) -> PlotSample {
    var snapshot = RefreshController(viewportHeight: 700, contentHeight: 880).snapshot
    snapshot.offset = offset
    snapshot.velocity = velocity
    snapshot.contentHeight = 880
    snapshot.viewportHeight = 700
    var sample = PlotSample(time: time, snapshot: snapshot, refreshThreshold: 65)
    sample.band = band
    return sample
  }

  @Test func theOffsetAxisCoversThePullAndTheThresholdButNotADistantEnd() {
    let pull = [sample(0, offset: 0), sample(1, offset: -40)]
    let range = PlotRanges.offset(pull)
    #expect(range.contains(-65), "the threshold line stays in view")
    #expect(range.contains(0) && range.contains(-40))
    #expect(!range.contains(180), "the bottom rest edge (880 - 700) is far from a pull")
    let scrolled = pull + [sample(2, offset: 150)]
    #expect(PlotRanges.offset(scrolled).contains(180), "once the content nears the end, the edge shows")
  }

  @Test func theVelocityAxisAlwaysShowsZero() {
    let range = PlotRanges.velocity([
      sample(0, offset: 0, velocity: 800), sample(1, offset: 0, velocity: 1200),
    ])
    #expect(range.contains(0) && range.contains(1200))
  }

  @Test func bandsFollowTheHeaderThenTheFooter() {
    var snapshot = RefreshController(viewportHeight: 700, contentHeight: 880).snapshot
    snapshot.header = .armed
    snapshot.footer = .loading
    #expect(PlotBand(snapshot) == .armed)
    snapshot.header = .finishing
    snapshot.headerResult = .failure
    #expect(PlotBand(snapshot) == .failed)
    snapshot.headerResult = .success
    #expect(PlotBand(snapshot) == .succeeded)
    snapshot.header = .idle
    #expect(PlotBand(snapshot) == .busy)
    snapshot.footer = .noMoreData
    #expect(PlotBand(snapshot) == .none)
  }

  @Test func aSampleCarriesTheLinesItIsMeasuredAgainst() {
    var snapshot = RefreshController(viewportHeight: 700, contentHeight: 880).snapshot
    snapshot.inset = EdgeInsets(top: 60, bottom: 0)
    snapshot.baselineInset = EdgeInsets(top: 10, bottom: 0)
    snapshot.contentHeight = 2000
    snapshot.viewportHeight = 700
    let sample = PlotSample(time: 1, snapshot: snapshot, refreshThreshold: 65)
    #expect(sample.restTop == -60)
    #expect(sample.restBottom == 1300)
    #expect(sample.threshold == -75, "arming is measured from the baseline rest, not the open header")
  }
}
