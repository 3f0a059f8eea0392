import RefreshCore
import RefreshSDL
import Testing

/// The lab's own GIF and Lottie headers (Assets/Headers), drawn by the software renderer: the
/// frame shown follows the pull's progress as MJRefreshGifHeader picks it, and loops at the
/// frames' own delays while refreshing.
@Suite(.serialized)
@MainActor
struct AnimatedHeaderPixelTests {
  /// The lab's own animation `name`, in the checkout's Assets/Headers (this file is in
  /// Tests/RefreshSDLTests).
  nonisolated static func asset(_ name: String) throws -> String {
    let checkout = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
      .joined(separator: "/")
    return checkout + "/Assets/Headers/" + name
  }

  /// A pull of `progress` of the 60 pt threshold (the table's own snapshot fields), with the
  /// whole bar in view so that the whole animation shows whatever the frame.
  func pulled(_ canvas: TestCanvas, progress: Double) -> RefreshSnapshot {
    var snapshot = canvas.snapshot()
    snapshot.header = .pulling
    snapshot.headerProgress = progress
    snapshot.offset = -60
    snapshot.headerTravel = 60
    return snapshot
  }

  func refreshing(_ canvas: TestCanvas, at time: Double) -> RefreshSnapshot {
    var snapshot = canvas.snapshot()
    snapshot.header = .refreshing
    snapshot.headerProgress = 1
    snapshot.headerLabel = .refreshing
    snapshot.offset = -60
    snapshot.inset.top = 60
    snapshot.time = time
    snapshot.refreshingSince = 0
    return snapshot
  }

  /// The pixel at the centre of the animation as drawn for `snapshot`.
  func centre(_ canvas: TestCanvas, _ header: AnimatedHeaderRenderer, _ snapshot: RefreshSnapshot)
    throws -> Color
  {
    canvas.table.headerRenderer = header
    header.waitsForFrames = true
    let image = try canvas.render(snapshot)
    let rect = try #require(header.lastImageRect, "the animation was drawn")
    return image[Int(rect.midX), Int(rect.midY)]
  }

  /// Frame `index` of `lottie` as rlottie renders it at the size the header last drew it.
  func rendered(_ lottie: LottieAnimation, _ header: AnimatedHeaderRenderer, frame index: Int)
    throws -> PixelImage
  {
    let rect = try #require(header.lastImageRect)
    let frames = try lottie.render(width: Int(rect.width.rounded()), height: Int(rect.height.rounded()))
    #expect(frames.waitUntilDone() == nil)
    return try #require(frames.frame(index))
  }

  /// The centre pixel of a decoded frame.
  func centre(_ frame: PixelImage) -> Color { frame[frame.width / 2, frame.height / 2] }

  @Test(arguments: [0.15, 0.62, 0.97])
  func theGIFShowsTheFrameOfThePull(progress: Double) throws {
    let canvas = try TestCanvas()
    let header = try AnimatedHeaderRenderer(contentsOf: Self.asset("pull.gif"))
    guard case .gif(let gif) = header.source else { throw Failure.wrongKind }
    let count = gif.frames.count
    let expected = min(Int((Double(count) * progress).rounded(.down)), count - 1)
    let shown = try centre(canvas, header, pulled(canvas, progress: progress))
    #expect(shown.isClose(to: centre(gif.frames[expected]), tolerance: 2), "frame \(expected) of \(count)")
    // Its neighbours look different, so the frame is told apart.
    for other in [expected - 1, expected + 1] where gif.frames.indices.contains(other) {
      #expect(!shown.isClose(to: centre(gif.frames[other]), tolerance: 2))
    }
  }

  @Test(arguments: [0.15, 0.62, 0.97])
  func theLottieShowsTheFrameOfThePull(progress: Double) throws {
    let canvas = try TestCanvas()
    let header = try AnimatedHeaderRenderer(contentsOf: Self.asset("pull.json"))
    guard case .lottie(let lottie) = header.source else { throw Failure.wrongKind }
    let pull = lottie.pullFrames
    let expected = pull.lowerBound + min(Int((Double(pull.count) * progress).rounded(.down)), pull.count - 1)
    let snapshot = pulled(canvas, progress: progress)
    let shown = try centre(canvas, header, snapshot)
    let frame = try rendered(lottie, header, frame: expected)
    #expect(shown.isClose(to: centre(frame), tolerance: 3), "frame \(expected) of \(pull)")
    // The next frame is another colour, so the frame is told apart.
    let next = try rendered(lottie, header, frame: expected + 1)
    #expect(!shown.isClose(to: centre(next), tolerance: 3))
  }

  @Test func theGIFLoopsAtItsOwnDelaysWhileRefreshing() throws {
    let canvas = try TestCanvas()
    let header = try AnimatedHeaderRenderer(contentsOf: Self.asset("pull.gif"))
    guard case .gif(let gif) = header.source else { throw Failure.wrongKind }
    let period = gif.delays.reduce(0, +)
    // Halfway through each of three frames' delays, then the same time one loop later.
    var start = 0.0
    for index in [0, 1, 2] {
      let time = start + gif.delays[index] / 2
      let shown = try centre(canvas, header, refreshing(canvas, at: time))
      #expect(shown.isClose(to: centre(gif.frames[index]), tolerance: 2), "at \(time) s")
      let again = try centre(canvas, header, refreshing(canvas, at: time + period))
      #expect(again == shown, "one loop later, at \(time + period) s")
      start += gif.delays[index]
    }
  }

  @Test func theLottieLoopsItsRefreshSegment() throws {
    let canvas = try TestCanvas()
    let header = try AnimatedHeaderRenderer(contentsOf: Self.asset("pull.json"))
    guard case .lottie(let lottie) = header.source else { throw Failure.wrongKind }
    let loop = lottie.refreshFrames
    let period = Double(loop.count) / lottie.frameRate
    for step in [0, loop.count / 2] {
      let time = (Double(step) + 0.5) / lottie.frameRate
      let shown = try centre(canvas, header, refreshing(canvas, at: time))
      let frame = try rendered(lottie, header, frame: loop.lowerBound + step)
      #expect(shown.isClose(to: centre(frame), tolerance: 3), "refresh frame \(step) at \(time) s")
      #expect(try centre(canvas, header, refreshing(canvas, at: time + 3 * period)) == shown)
    }
  }

  @Test func framesAreRenderedOnceAndReused() throws {
    let canvas = try TestCanvas()
    let header = try AnimatedHeaderRenderer(contentsOf: Self.asset("pull.json"))
    header.waitsForFrames = true
    canvas.table.headerRenderer = header
    let first = try canvas.render(pulled(canvas, progress: 0.5))
    #expect(header.cachedFrameCount == 1)
    let second = try canvas.render(pulled(canvas, progress: 0.5))
    #expect(header.cachedFrameCount == 1)
    #expect(first == second)
    _ = try canvas.render(pulled(canvas, progress: 0.9))
    #expect(header.cachedFrameCount == 2)
  }

  @Test func theClassicHeaderIsUnchangedWithoutARenderer() throws {
    let canvas = try TestCanvas()
    let classic = try canvas.render(pulled(canvas, progress: 0.5))
    canvas.table.headerRenderer = try AnimatedHeaderRenderer(contentsOf: Self.asset("pull.gif"))
    let animated = try canvas.render(pulled(canvas, progress: 0.5))
    canvas.table.headerRenderer = nil
    #expect(try canvas.render(pulled(canvas, progress: 0.5)) == classic)
    #expect(animated != classic)
  }

  enum Failure: Error { case wrongKind }
}
