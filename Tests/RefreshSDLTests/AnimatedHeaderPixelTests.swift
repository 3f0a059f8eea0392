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

  /// A GIF89a of a `width`×`height` canvas whose one frame is a single white pixel at its
  /// top left (a two-colour table: black, white), the rest transparent.
  static func onePixelGIF(width: Int, height: Int) -> [UInt8] {
    Array("GIF89a".utf8) + [
      UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0x80, 0, 0,
      0, 0, 0, 255, 255, 255,
      // The frame: 1×1 at (0, 0), code size 2, white (index 1).
      0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0, 0x3B,
    ]
  }

  /// Pixel art is enlarged by a whole factor and drawn nearest-neighbour: a 16 px GIF in the
  /// 48 pt box of a 60 pt header shows at 3×, its white pixel a sharp 3×3 block on the bar.
  @Test func aSmallGIFGrowsByAWholeFactorAndStaysCrisp() throws {
    let canvas = try TestCanvas()
    let header = AnimatedHeaderRenderer(
      .gif(try GIFAnimation(bytes: Self.onePixelGIF(width: 16, height: 16))))
    canvas.table.headerRenderer = header
    let image = try canvas.render(pulled(canvas, progress: 0.5))
    let rect = try #require(header.lastImageRect)
    #expect(rect.width == 48 && rect.height == 48)
    let (x, y) = (Int(rect.x), Int(rect.y))
    let white = Color(rgb: 0xFFFFFF)
    for dy in 0..<3 {
      for dx in 0..<3 { #expect(image[x + dx, y + dy] == white, "(\(dx), \(dy)) of the block") }
    }
    let bar = canvas.table.style.barColor
    #expect(image[x + 3, y] == bar && image[x, y + 3] == bar, "the block's edge is sharp")
  }

  /// A 10:1 animation keeps its aspect and stays left of the label: no ink of the label (the
  /// widest state's, "Release to refresh") lies under it.
  @Test func aWideAnimationIsFittedLeftOfTheLabel() throws {
    let canvas = try TestCanvas(width: 400, height: 300)
    let header = AnimatedHeaderRenderer(
      .gif(try GIFAnimation(bytes: Self.onePixelGIF(width: 1000, height: 100))))
    canvas.table.headerRenderer = header
    var snapshot = pulled(canvas, progress: 1)
    snapshot.header = .armed
    snapshot.headerLabel = .releaseToRefresh
    let image = try canvas.render(snapshot)
    let rect = try #require(header.lastImageRect)
    // Its aspect, to the whole pixel each side is rounded down to.
    #expect(abs(rect.width - 10 * rect.height) <= 10, "\(rect)")
    let ink = (Int(rect.y)..<Int(rect.maxY)).flatMap { y in
      (0..<Int(canvas.width)).filter { image[$0, y].isInk }
    }
    let labelLeft = try #require(ink.min(), "the label drew ink")
    #expect(
      rect.maxX <= Double(labelLeft), "the animation ends at \(rect.maxX), the label starts at \(labelLeft)")
  }

  /// The animation follows the header's style: in the bar riding above row 0, fixed at the
  /// top, scaled with the gap, and for `overlay` inside Material's badge at the middle.
  @Test(arguments: HeaderStyle.allCases)
  func theAnimationFollowsTheHeaderStyle(style: HeaderStyle) throws {
    let canvas = try TestCanvas(width: 400, height: 300)
    let header = try AnimatedHeaderRenderer(contentsOf: Self.asset("pull.gif"))
    canvas.table.headerRenderer = header
    var snapshot = pulled(canvas, progress: 0.5)
    snapshot.headerStyle = style
    snapshot.offset = style == .overlay ? 0 : -30
    snapshot.headerTravel = 30
    _ = try canvas.render(snapshot)
    let rect = try #require(header.lastImageRect)
    switch style {
    case .translate:
      // The bar's middle is 30 pt above the top: the animation is centred there.
      #expect(abs(rect.midY - 0) < 0.5 && rect.maxX < 200)
    case .fixedBehind:
      #expect(abs(rect.midY - 30) < 0.5 && rect.maxX < 200)
    case .scale:
      // The gap is 30 pt of the 60: the animation is half its size, centred in the gap.
      #expect(abs(rect.midY - 15) < 0.5 && abs(rect.height - 24) < 0.5)
    case .overlay:
      let radius = canvas.table.style.badgeDiameter / 2
      #expect(abs(rect.midX - 200) < 0.5 && abs(rect.midY - (30 - radius)) < 0.5)
      #expect(rect.width <= radius * 1.3 + 0.5)
    }
  }

  enum Failure: Error { case wrongKind }
}
