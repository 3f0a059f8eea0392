import Foundation
import RefreshCore
import RefreshSDL
import Testing

/// GIF and Lottie files are untrusted: each limit is met before the work it bounds is done, and
/// each refusal reads as one line with the file's figures.
@Suite struct HeaderAnimationLoaderTests {
  /// A GIF89a header with a `width`×`height` canvas and a two-colour table.
  func gifHeader(width: Int, height: Int) -> [UInt8] {
    Array("GIF89a".utf8) + [
      UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0x80, 0, 0,
      0, 0, 0, 255, 255, 255,
    ]
  }

  /// One 1×1 frame: descriptor, minimum code size 2, one data block (clear, 0, end), end.
  let oneFrame: [UInt8] = [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]

  @Test func aTinyGIFDecodes() throws {
    let gif = try GIFAnimation(bytes: gifHeader(width: 1, height: 1) + oneFrame + [0x3B])
    #expect(gif.frames.count == 1)
    #expect(gif.delays == [0.1])
  }

  @Test func aHugeCanvasIsRefusedBeforeDecoding() {
    let limit = HeaderAnimationLimits.canvasPixels
    #expect(throws: HeaderAnimationError.canvasTooLarge(width: 60000, height: 60000, limit: limit)) {
      try GIFAnimation(bytes: gifHeader(width: 60000, height: 60000) + oneFrame + [0x3B])
    }
  }

  @Test func framesPastThePixelBudgetAreRefusedWithTheirFigures() {
    // A 128×128 canvas is kept as it is: 1024 of its frames fill the budget of kept pixels.
    let limit = HeaderAnimationLimits.renderedPixels / (128 * 128)
    let bytes =
      gifHeader(width: 128, height: 128)
      + Array([[UInt8]](repeating: oneFrame, count: limit + 2).joined())
    #expect(
      throws: HeaderAnimationError.renderedPixels(
        frames: limit + 1, width: 128, height: 128, limit: limit)
    ) { try GIFAnimation(bytes: bytes) }
    #expect(
      HeaderAnimationError.renderedPixels(frames: 720, width: 48, height: 48, limit: 600).description
        == "has 720 frames at 48 × 48 px; at most 600; use fewer frames")
  }

  @Test func aLargeCanvasIsKeptAtTheHeadersSize() throws {
    let gif = try GIFAnimation(bytes: gifHeader(width: 1000, height: 100) + oneFrame + [0x3B])
    #expect(gif.canvasWidth == 1000)
    #expect(gif.frames[0].width == 320 && gif.frames[0].height == 32)
  }

  @Test(arguments: [
    ([UInt8](), "no GIF87a or GIF89a signature"),
    (Array("PNG...".utf8), "no GIF87a or GIF89a signature"),
    (Array("GIF89a".utf8) + [1, 0], "it ends inside the screen descriptor"),
  ])
  func aBrokenGIFSaysWhere(bytes: [UInt8], detail: String) {
    #expect(throws: HeaderAnimationError.malformed(kind: "GIF", detail: detail)) {
      try GIFAnimation(bytes: bytes)
    }
  }

  /// A byte changed in frame 19 of the lab's GIF (fuzz-header's first find, a code past the
  /// LZW table, which crashed SDL_image 2.6.3): giflib reports the defect, and the frames
  /// before it, with the rows of that one it read, are what loads.
  @Test func aCorruptFrameEndsTheAnimationThere() throws {
    let path = try AnimatedHeaderPixelTests.asset("pull.gif")
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let whole = try GIFAnimation(bytes: bytes)
    bytes[3671] = 0x9F
    let damaged = try GIFAnimation(bytes: bytes)
    #expect(damaged.frames.count < whole.frames.count)
    #expect(damaged.frames.count >= 18)
    #expect(Array(damaged.frames.prefix(18)) == Array(whole.frames.prefix(18)))
  }

  @Test func aGIFWithoutFramesIsRefused() {
    #expect(throws: HeaderAnimationError.noFrames) {
      try GIFAnimation(bytes: gifHeader(width: 4, height: 4) + [0x3B])
    }
  }

  static let lottie = """
    {"v":"5.7.0","fr":30,"ip":0,"op":20,"w":32,"h":32,"ddd":0,"assets":[],"layers":[{"ddd":0,"ty":4,
    "ind":1,"nm":"disc","sr":1,"ao":0,"bm":0,"ip":0,"op":20,"st":0,
    "ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[16,16,0]},"a":{"a":0,"k":[0,0,0]},
    "s":{"a":0,"k":[100,100,100]}},"shapes":[{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[0,0]},
    "s":{"a":0,"k":[20,20]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr",
    "p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},
    "o":{"a":0,"k":100}}]}]}]}
    """

  @Test func aLottieWithoutMarkersSplitsItsFramesInHalves() throws {
    let animation = try LottieAnimation(bytes: Array(Self.lottie.utf8))
    #expect(animation.frameCount == 20)
    #expect(animation.pullFrames == 0..<10)
    #expect(animation.refreshFrames == 10..<20)
    let frames = try animation.render(width: 32, height: 32)
    #expect(frames.waitUntilDone() == nil)
    let frame = try #require(frames.frame(5))
    #expect(frame[16, 16] == Color(red: 255, green: 0, blue: 0, alpha: 255))
    // Outside the disc the frame is transparent (`PixelImage`'s subscript reads no alpha).
    #expect(frame.pixels[1 * frame.width + 1] >> 24 == 0)
  }

  @Test func lottieMarkersNameTheSegments() throws {
    let text = Self.lottie.replacingOccurrences(
      of: "\"layers\"",
      with:
        "\"markers\":[{\"cm\":\"pull\",\"tm\":2,\"dr\":6},{\"cm\":\"refresh\",\"tm\":12,\"dr\":4}],\"layers\""
    )
    let animation = try LottieAnimation(bytes: Array(text.utf8))
    #expect(animation.pullFrames == 2..<8)
    #expect(animation.refreshFrames == 12..<16)
  }

  @Test(arguments: [
    ("{\"w\":32", HeaderAnimationError.malformed(kind: "Lottie JSON", detail: "it is not valid JSON")),
    ("[1,2]", .malformed(kind: "Lottie JSON", detail: "it is not a JSON object")),
    (
      "{\"w\":32,\"h\":32,\"fr\":30,\"ip\":0,\"op\":10}",
      .malformed(kind: "Lottie JSON", detail: "no \"layers\" key")
    ),
    (
      "{\"w\":32,\"h\":32,\"fr\":30,\"ip\":0,\"op\":1e12,\"layers\":[]}",
      .malformed(
        kind: "Lottie JSON", detail: "its in and out points (0.0, 1000000000000.0) are not within ±10⁹")
    ),
    (
      "{\"w\":32,\"h\":32,\"fr\":30,\"ip\":5,\"op\":5,\"layers\":[]}",
      .noFrames
    ),
    (
      "{\"w\":32,\"h\":32,\"fr\":0,\"ip\":0,\"op\":10,\"layers\":[]}",
      .malformed(kind: "Lottie JSON", detail: "frame rate 0.0 is not within 1…240")
    ),
  ])
  func aBadLottieIsRefusedBeforeRlottieReadsIt(text: String, error: HeaderAnimationError) {
    #expect(throws: error) { try LottieAnimation(bytes: Array(text.utf8)) }
  }

  /// A composition of any size is a vector drawn at the header's size: only the pixels
  /// rendered count, named with the file's figures.
  @Test func aLargeCompositionLoadsAndManyFramesAreRefusedByTheirPixels() throws {
    let wide = "{\"w\":5000,\"h\":3000,\"fr\":30,\"ip\":0,\"op\":10,\"layers\":[]}"
    let animation = try LottieAnimation(bytes: Array(wide.utf8))
    #expect(animation.width == 5000)
    let long = "{\"w\":32,\"h\":32,\"fr\":30,\"ip\":0,\"op\":1e8,\"layers\":[]}"
    let many = try LottieAnimation(bytes: Array(long.utf8))
    let limit = HeaderAnimationLimits.renderedPixels / (48 * 48)
    #expect(
      throws: HeaderAnimationError.renderedPixels(
        frames: 100_000_000, width: 48, height: 48, limit: limit)
    ) { try many.render(width: 48, height: 48) }
  }

  @Test func deepNestingIsRefused() {
    let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    let text = "{\"w\":32,\"h\":32,\"fr\":30,\"ip\":0,\"op\":10,\"layers\":\(deep)}"
    #expect(throws: HeaderAnimationError.self) { try LottieAnimation(bytes: Array(text.utf8)) }
  }

  @Test func aFileOverTheSizeLimitIsRefused() {
    let bytes = [UInt8](repeating: 0x20, count: HeaderAnimationLimits.fileBytes + 1)
    let expected = HeaderAnimationError.tooLarge(
      bytes: bytes.count, limit: HeaderAnimationLimits.fileBytes)
    #expect(throws: expected) { try LottieAnimation(bytes: bytes) }
    #expect(throws: expected) { try GIFAnimation(bytes: bytes) }
  }

  @Test func everyRefusalIsOneLine() {
    let errors: [HeaderAnimationError] = [
      .unreadable(reason: "No such file"), .unknownKind, .tooLarge(bytes: 9, limit: 1),
      .malformed(kind: "GIF", detail: "x"), .canvasTooLarge(width: 9, height: 9, limit: 1),
      .compositing(frames: 9, width: 1, height: 1, limit: 1),
      .renderedPixels(frames: 9, width: 1, height: 1, limit: 1),
      .renderTime(frame: 5, of: 51, seconds: 5), .noFrames,
    ]
    for error in errors {
      #expect(!error.description.contains("\n"))
      #expect(!error.description.isEmpty)
    }
  }
}

/// fuzz-header's corpus replayed: its finds (a code past the LZW table; a frame whose data goes
/// on past its pixels; an empty graphic control block, which crashed SDL_image 2.6; a frame far
/// larger than its canvas) load as far as giflib reads them or are refused in one line, and
/// the seeds load.
@Suite struct HeaderFuzzCorpusTests {
  static func corpus(_ name: String) throws -> [UInt8] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/header/" + name).path
    return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test(arguments: [
    "lzw-past-table", "frame-read-past-pixels", "empty-control-extension",
    // A 35,072 × 64,768 px frame on a 1 × 1 canvas: its rows are read one at a time, never
    // held whole (the run that found it stopped on a 2 GB allocation).
    "frame-larger-than-canvas",
    // A frame whose left edge lies past the canvas, with disposal "previous": the part it
    // covers is empty, and saving it indexed past the canvas.
    "frame-off-the-canvas",
  ])
  func theFindsLoadOrAreRefusedInOneLine(name: String) throws {
    let bytes = try Self.corpus(name)
    #expect(bytes.first == 0, "a GIF input")
    do throws(HeaderAnimationError) {
      let gif = try GIFAnimation(bytes: Array(bytes.dropFirst()))
      #expect(!gif.frames.isEmpty && gif.frames.count == gif.delays.count)
    } catch {
      #expect(!error.description.contains("\n"))
    }
  }

  @Test func theSeedsLoad() throws {
    #expect(try GIFAnimation(bytes: Array(Self.corpus("pull-gif").dropFirst())).frames.count == 24)
    #expect(try GIFAnimation(bytes: Array(Self.corpus("tiny-gif").dropFirst())).frames.count == 1)
    #expect(try LottieAnimation(bytes: Array(Self.corpus("pull-lottie").dropFirst())).frameCount == 60)
  }
}
