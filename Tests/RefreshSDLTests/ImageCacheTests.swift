import Dispatch
import PropertyBased
import RefreshCore
import RefreshSDL
import TestKit
import Testing

// Row images load off the main thread: a decode that has not finished (here one that cannot
// finish until the test lets it) never holds a frame, the row shows a placeholder meanwhile, and
// the image shows once it is collected.

@Suite(.serialized)
@MainActor
struct ImageCacheTests {
  /// A row renderer that draws its row's image, or a grey placeholder while it loads.
  final class ImageRows: RowRenderer {
    let cache: ImageCache
    let source: ImageSource
    var lookups: [String] = []

    init(cache: ImageCache, source: ImageSource) {
      self.cache = cache
      self.source = source
    }

    func height(ofRow row: Int, rows: any TableDataSource, width: Double, canvas: RefreshCanvas)
      -> Double?
    { 120 }

    func drawRow(_ frame: RowFrame, rows: any TableDataSource, in canvas: RefreshCanvas)
      throws(SDLError)
    {
      let box = Rect(x: frame.rect.x + 10, y: frame.rect.y + 10, width: 100, height: 100)
      switch cache.image(source) {
      case .ready(let texture):
        lookups.append("ready")
        try canvas.drawImage(texture, in: box)
      case .loading:
        lookups.append("loading")
        try canvas.fill(box, color: Color(rgb: 0xCCCCCC))
      case .failed(let reason):
        lookups.append("failed: \(reason)")
      }
    }
  }

  @Test func aDecodeThatHasNotFinishedNeverHoldsAFrame() throws {
    let canvas = try ListCanvas()
    let cache = ImageCache(renderer: canvas.renderer)
    let release = DispatchSemaphore(value: 0)
    let source = ImageSource.generated(key: "slow") { _ in
      // The decode cannot end before the test lets it: a frame that waited for it would hang.
      // Bounded: a test that failed before letting it go ends the decode (with no image, which
      // the test's own wait then names) instead of leaving it blocked.
      guard (try? release.wait(for: "the test to release the slow decode", within: 30)) != nil else {
        return nil
      }
      return PixelImage(width: 4, height: 4, pixels: Array(repeating: 0xFFD0_2020, count: 16))
    }
    let rows = ImageRows(cache: cache, source: source)
    let list = try RefreshListView(
      renderer: canvas.renderer, frame: Rect(x: 0, y: 0, width: 400, height: 500),
      rows: NumberedRows(rowCount: 1), fonts: canvas.fonts)
    list.tableView.rowRenderer = rows
    let clock = HighResolutionClock()
    var longest = 0.0
    for frame in 0..<60 {
      let start = clock.now()
      cache.collect()
      try canvas.renderer.beginFrame(clearingTo: Color(rgb: 0))
      try list.draw(at: Double(frame) / 60)
      canvas.renderer.present()
      longest = max(longest, clock.now() - start)
    }
    print("60 frames while the decode was held: longest \((longest * 1000).rounded()) ms")
    #expect(rows.lookups.allSatisfy { $0 == "loading" } && rows.lookups.count >= 60)
    #expect(try canvas.renderer.readPixels()[60, 60].isClose(to: Color(rgb: 0xCCCCCC)))
    release.signal()
    // Bounded: the decode has nothing left to do once released.
    #expect(cache.waitForDecodes(timeout: 20), "the released decode was not delivered in 20 s")
    #expect(cache.collect() == [source.key])
    try canvas.renderer.beginFrame(clearingTo: Color(rgb: 0))
    list.rowHeightsChanged([], at: 2)
    try list.draw(at: 2)
    #expect(rows.lookups.last == "ready")
    #expect(try canvas.renderer.readPixels()[60, 60].isClose(to: Color(rgb: 0xD02020)))
  }

  /// A photo (no transparent pixel) is drawn by copying its rows, the same pixels a blend of
  /// opaque pixels gives at a fraction of the cost; an image with transparency still blends.
  @Test func anOpaqueImageIsCopiedAndATranslucentOneBlended() throws {
    let canvas = try ListCanvas()
    let cache = ImageCache(renderer: canvas.renderer)
    cache.decodesImmediately = true
    let photo = PixelImage(width: 8, height: 8, pixels: (0..<64).map { 0xFF00_0000 | UInt32($0) * 0x030201 })
    let badge = PixelImage(width: 8, height: 8, pixels: Array(repeating: 0x80FF_0000, count: 64))
    guard case .ready(let opaque) = cache.image(.generated(key: "photo") { _ in photo }),
      case .ready(let translucent) = cache.image(.generated(key: "badge") { _ in badge })
    else {
      Issue.record("the images did not decode")
      return
    }
    #expect(opaque.isOpaque)
    #expect(!translucent.isOpaque)
    try canvas.renderer.beginFrame(clearingTo: Color(rgb: 0x0000FF))
    canvas.renderer.draw(opaque, in: Rect(x: 10, y: 10, width: 8, height: 8))
    canvas.renderer.draw(translucent, in: Rect(x: 30, y: 10, width: 8, height: 8))
    let shown = try canvas.renderer.readPixels()
    for y in 0..<8 {
      for x in 0..<8 {
        let value = photo.pixels[y * 8 + x]
        #expect(
          shown[10 + x, 10 + y]
            == Color(
              red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF)))
      }
    }
    #expect(shown[33, 13].isClose(to: Color(rgb: 0x80007F)), "half red over blue: \(shown[33, 13])")
  }

  /// An image with soft edges laid over a colour ahead of time is opaque, and copying it gives
  /// the pixels of blending the image itself over that colour, edge pixels included.
  @Test func anImageCompositedOverAColourIsOpaqueWithTheBlendedPixels() throws {
    let canvas = try ListCanvas()
    let fill = Color(rgb: 0xF7F9FB)
    // A disc with graded edges and a half-transparent ring: every alpha from 0 to 255.
    let size = 24
    let disc = PixelImage(
      width: size, height: size,
      pixels: (0..<(size * size)).map { index in
        let dx = Double(index % size) - 11.5
        let dy = Double(index / size) - 11.5
        let alpha = UInt32(max(0, min(255, (12 - (dx * dx + dy * dy).squareRoot()) * 64)))
        return alpha << 24 | 0x5C6BC0
      })
    let composited = try disc.composited(over: fill)
    #expect(composited.isOpaque)
    let cache = ImageCache(renderer: canvas.renderer)
    cache.decodesImmediately = true
    guard case .ready(let blended) = cache.image(.generated(key: "disc") { _ in disc }),
      case .ready(let copied) = cache.image(.generated(key: "composited") { _ in composited })
    else {
      Issue.record("the images did not decode")
      return
    }
    #expect(!blended.isOpaque && copied.isOpaque)
    try canvas.renderer.beginFrame(clearingTo: fill)
    canvas.renderer.draw(blended, in: Rect(x: 10, y: 10, width: 24, height: 24))
    canvas.renderer.draw(copied, in: Rect(x: 50, y: 10, width: 24, height: 24))
    let shown = try canvas.renderer.readPixels()
    var edges = 0
    for y in 0..<size {
      for x in 0..<size {
        #expect(shown[10 + x, 10 + y] == shown[50 + x, 10 + y], "pixel \(x), \(y)")
        if shown[10 + x, 10 + y] != fill && shown[10 + x, 10 + y] != Color(rgb: 0x5C6BC0) { edges += 1 }
      }
    }
    #expect(edges > 20, "the disc has blended edge pixels to compare (\(edges))")
  }

  @Test func decodesNoFrameAskedForAreCancelledAndTheBudgetHolds() throws {
    let canvas = try ListCanvas()
    let cache = ImageCache(renderer: canvas.renderer, byteBudget: 3 * 64 * 64 * 4)
    let gate = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    let first = ImageSource.generated(key: "gate") { _ in
      started.signal()
      guard (try? gate.wait(for: "the test to open the gate", within: 30)) != nil else { return nil }
      return PixelImage(width: 64, height: 64, pixels: Array(repeating: 0xFF00_0000, count: 4096))
    }
    _ = cache.image(first)
    try started.wait(for: "the first decode to start", within: 20)
    // Queued behind the held one; no frame asks for them again, so they are cancelled.
    for index in 0..<5 {
      _ = cache.image(.generated(key: "queued-\(index)") { _ in nil })
    }
    cache.collect()
    cache.collect()
    #expect(cache.cancelledCount == 5)
    gate.signal()
    var images = 0
    for index in 0..<6 {
      let source = ImageSource.generated(key: "image-\(index)") { _ in
        PixelImage(width: 64, height: 64, pixels: Array(repeating: 0xFF00_FF00, count: 4096))
      }
      cache.decodesImmediately = true
      if case .ready = cache.image(source) { images += 1 }
    }
    #expect(images == 6)
    #expect(cache.bytesHeld <= 3 * 64 * 64 * 4, "the cache holds \(cache.bytesHeld) bytes")
  }

  @Test func aMissingFileAndAFileThatIsNoImageFailWithAReason() throws {
    let canvas = try ListCanvas()
    let cache = ImageCache(renderer: canvas.renderer)
    cache.decodesImmediately = true
    guard case .failed(let missing) = cache.image(.file("/nonexistent/photo.png")) else {
      Issue.record("a missing file did not fail")
      return
    }
    #expect(!missing.isEmpty)
    guard case .failed = cache.image(.file(#filePath)) else {
      Issue.record("a Swift file decoded as an image")
      return
    }
    #expect(cache.takeFailures().count == 2)
  }

  /// An image fitted to a box is one of its source's: it arrives, and fails, under the source's
  /// key (what a host keeps its rows by, and names to the user), however many boxes it is
  /// fitted to; each box is an image of its own.
  @Test func anImageFittedToABoxArrivesAndFailsUnderItsSourcesKey() throws {
    let canvas = try ListCanvas()
    let cache = ImageCache(renderer: canvas.renderer)
    let photo = ImageSource.generated(key: "photo") { box in
      PixelImage(
        width: box?.width ?? 8, height: box?.height ?? 8,
        pixels: Array(repeating: 0xFF20_4060, count: (box?.width ?? 8) * (box?.height ?? 8)))
    }
    guard case .loading = cache.image(photo, fittingWithin: (width: 30, height: 20)),
      case .loading = cache.image(photo, fittingWithin: (width: 12, height: 6))
    else {
      Issue.record("a decode off the main thread answered at once")
      return
    }
    #expect(cache.waitForDecodes(timeout: 20), "two generated images were not made in 20 s")
    #expect(cache.collect() == [photo.key])
    guard case .ready(let large) = cache.image(photo, fittingWithin: (width: 30, height: 20)),
      case .ready(let small) = cache.image(photo, fittingWithin: (width: 12, height: 6))
    else {
      Issue.record("the fitted images were not kept")
      return
    }
    #expect(large.pixelWidth == 30 && small.pixelWidth == 12)
    let missing = ImageSource.file("/nonexistent/photo.png")
    _ = cache.image(missing, fittingWithin: (width: 30, height: 20))
    #expect(cache.waitForDecodes(timeout: 20), "a missing file's decode did not end in 20 s")
    #expect(cache.collect() == [missing.key])
    #expect(cache.takeFailures().map(\.source) == [missing.key])
  }
}

/// Shrinking averages the source pixels each output pixel covers, weighted by how much of each
/// it covers and colours by their alpha: the two-pass shrink agrees with that average worked
/// out pixel by pixel, on random images of random sizes.
@Suite struct ShrinkTests {
  /// The average over the covered source area, one output pixel at a time.
  func reference(_ image: PixelImage, _ outWidth: Int, _ outHeight: Int, x ox: Int, y oy: Int)
    -> (a: Double, r: Double, g: Double, b: Double)
  {
    let stepX = Double(image.width) / Double(outWidth)
    let stepY = Double(image.height) / Double(outHeight)
    var sum = (a: 0.0, r: 0.0, g: 0.0, b: 0.0, weight: 0.0)
    for y in 0..<image.height {
      let cover = min(Double(y + 1), Double(oy + 1) * stepY) - max(Double(y), Double(oy) * stepY)
      guard cover > 0 else { continue }
      for x in 0..<image.width {
        let across = min(Double(x + 1), Double(ox + 1) * stepX) - max(Double(x), Double(ox) * stepX)
        guard across > 0 else { continue }
        let p = image.pixels[y * image.width + x]
        let weight = cover * across
        let alpha = Double(p >> 24) / 255
        sum.a += alpha * weight
        sum.r += Double((p >> 16) & 0xFF) * alpha * weight
        sum.g += Double((p >> 8) & 0xFF) * alpha * weight
        sum.b += Double(p & 0xFF) * alpha * weight
        sum.weight += weight
      }
    }
    let alpha = sum.a / sum.weight
    return (alpha * 255, sum.r / sum.weight / alpha, sum.g / sum.weight / alpha, sum.b / sum.weight / alpha)
  }

  @Test(arguments: 0..<20)
  func theShrinkIsTheCoveredAverage(seed: Int) {
    // The same images for the same seed.
    var random = Xoshiro(seed: (UInt64(seed) + 1, 0x9E37_79B9, 0x7F4A_7C15, 0xBF58_476D))
    let width = Int.random(in: 20...90, using: &random)
    let height = Int.random(in: 20...90, using: &random)
    let pixels = (0..<width * height).map { _ in
      // Mostly opaque, some transparent, some in between.
      let alpha: UInt32 = [0, 255, 255, UInt32.random(in: 1...254, using: &random)].randomElement(
        using: &random)!
      return alpha << 24 | UInt32.random(in: 0...0xFF_FFFF, using: &random)
    }
    let image = PixelImage(width: width, height: height, pixels: pixels)
    let box = (width: Int.random(in: 3...19, using: &random), height: Int.random(in: 3...19, using: &random))
    let out = image.fitted(within: box)
    #expect(out.width <= box.width && out.height <= box.height)
    for y in 0..<out.height {
      for x in 0..<out.width {
        let expected = reference(image, out.width, out.height, x: x, y: y)
        let p = out.pixels[y * out.width + x]
        #expect(abs(Double(p >> 24) - expected.a) <= 1, "alpha at (\(x), \(y)) of \(width)×\(height)")
        guard expected.a >= 1 else { continue }
        #expect(abs(Double((p >> 16) & 0xFF) - expected.r) <= 1, "red at (\(x), \(y))")
        #expect(abs(Double((p >> 8) & 0xFF) - expected.g) <= 1, "green at (\(x), \(y))")
        #expect(abs(Double(p & 0xFF) - expected.b) <= 1, "blue at (\(x), \(y))")
      }
    }
  }
}
