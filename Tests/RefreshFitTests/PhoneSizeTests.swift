import Testing

@testable import RefreshFit

/// A phone-sized recording of a list drawn at 1× and scaled up three times (a 360×800 pt
/// screen as 1080×2400 px), handed to the tracker downscaled by five, as the video source does
/// for 2400-pixel frames: one point is 0.6 of a tracked row, so most offsets fall between rows.
/// The list moves in whole points, as the lab draws it, and its rows are replaced while it is
/// held (the lab's data source loads a new page at each refresh), laid out as before.
struct PhoneRecording: FrameSource {
  static let pixelsPerPoint = 3
  let recordingWidth: Int
  let recordingHeight: Int
  let downscale = 5
  var times: [Double]
  var offset: (Double) -> Double
  /// The page the list shows at a time: each page's rows have words of their own.
  var page: (Double) -> Int
  private let rows: SyntheticRecording
  private var index = 0
  private var pages: [Int: [Double]] = [:]

  /// A page's content at 1×, grey, sampled at each point's middle: forty rows of words of
  /// its own, laid out as every page's.
  private mutating func pageInk(_ page: Int, widthPoints: Int, heightPoints: Int) -> [Double] {
    if let done = pages[page] { return done }
    let first = Double(page * 40 * rows.rowHeight)
    var grey = [Double](repeating: 255, count: widthPoints * heightPoints)
    for y in 0..<heightPoints {
      for x in 0..<widthPoints {
        grey[y * widthPoints + x] = 255 - 220 * rows.ink(x, first + Double(y) + 0.5)
      }
    }
    pages[page] = grey
    return grey
  }

  init(
    widthPoints: Int = 72, heightPoints: Int = 800, fps: Double, duration: Double,
    offset: @escaping (Double) -> Double, page: @escaping (Double) -> Int
  ) {
    recordingWidth = widthPoints * Self.pixelsPerPoint
    recordingHeight = heightPoints * Self.pixelsPerPoint
    times = (0..<Int(duration * fps)).map { Double($0) / fps }
    self.offset = offset
    self.page = page
    rows = SyntheticRecording(
      width: widthPoints, height: heightPoints, fps: fps, duration: duration, offset: { _ in 0 })
  }

  mutating func nextFrame() throws(FitError) -> GreyFrame? {
    guard index < times.count else { return nil }
    let t = times[index]
    index += 1
    let d = offset(t).rounded()
    let widthPoints = recordingWidth / Self.pixelsPerPoint
    let heightPoints = recordingHeight / Self.pixelsPerPoint
    let content = pageInk(page(t), widthPoints: widthPoints, heightPoints: heightPoints)
    // The screen at 1×, a point a pixel: the header's grey above the content.
    var screen = [Double](repeating: 120, count: widthPoints * heightPoints)
    let top = max(0, min(heightPoints, Int(d)))
    for y in top..<heightPoints {
      for x in 0..<widthPoints { screen[y * widthPoints + x] = content[(y - top) * widthPoints + x] }
    }
    // Scaled up three times by repeating pixels, then box-averaged by five each way: the
    // columns of each point's row first, then the rows.
    let w = recordingWidth / downscale
    let h = recordingHeight / downscale
    var columns = [Double](repeating: 0, count: heightPoints * w)
    for y in 0..<heightPoints {
      for x in 0..<w {
        var sum = 0.0
        for dx in 0..<downscale {
          sum += screen[y * widthPoints + (x * downscale + dx) / Self.pixelsPerPoint]
        }
        columns[y * w + x] = sum
      }
    }
    var pixels = [UInt8](repeating: 0, count: w * h)
    let area = Double(downscale * downscale)
    for y in 0..<h {
      for x in 0..<w {
        var sum = 0.0
        for dy in 0..<downscale { sum += columns[((y * downscale + dy) / Self.pixelsPerPoint) * w + x] }
        pixels[y * w + x] = UInt8(max(0, min(255, (sum / area).rounded())))
      }
    }
    return GreyFrame(time: t, width: w, height: h, pixels: pixels)
  }
}

@Suite struct PhoneSizeTests {
  /// A pull to 97 pt, a release to a hold at 60, a new page of rows at 1.4 s, a collapse to
  /// rest at 2.1 s; then a second refresh like it from 2.4 s.
  static func motion(_ t: Double) -> Double {
    let t = t < 2.4 ? t : t - 2.4
    switch t {
    case ..<0.2: return 0
    case ..<0.7: return 97 * (1 - (1 - (t - 0.2) / 0.5) * (1 - (t - 0.2) / 0.5))
    case ..<1.0:
      let u = (t - 0.7) / 0.3
      return 60 + 37 * (1 - u) * (1 - u)
    case ..<1.8: return 60
    case ..<2.1:
      let u = (t - 1.8) / 0.3
      return 60 * (1 - u) * (1 - u)
    default: return 0
    }
  }

  static func page(_ t: Double) -> Int { t < 1.4 ? 0 : t < 3.8 ? 1 : 2 }

  /// Followed within half a point in every frame, held at 60 pt and back at rest after each
  /// refresh. The tracker read such a recording a point and more off by the end of the first
  /// refresh (a parabola through whole rows' costs, chained by re-anchoring on the frame
  /// before), and never back within half a point of rest.
  @Test func followsAPhoneSizedListThroughRefreshesThatReplaceItsRows() throws {
    var source = PhoneRecording(fps: 30, duration: 4.8, offset: Self.motion, page: Self.page)
    let track = try RecordingTracker(scale: Double(PhoneRecording.pixelsPerPoint)).track(&source)
    #expect(track.points.count == 144)
    var off: [(t: Double, by: Double)] = []
    for p in track.points {
      let offset = try #require(p.offset, "frame at \(p.t) s lost")
      let by = abs(offset - Self.motion(p.t).rounded())
      if by >= 0.5 { off.append((p.t, by)) }
    }
    let worst = off.map(\.by).max() ?? 0
    #expect(
      off.count == 0,
      "\(off.count) frames tracked half a point or more off, from \(off.first?.t ?? 0) s, by up to \(worst) pt"
    )
    let (refreshes, _) = PhaseSplitter.split(track)
    #expect(refreshes.count == 2, "refreshes found: \(refreshes.count)")
    for r in refreshes {
      #expect(abs(r.hold - 60) < 0.5, "held at \(r.hold) pt")
    }
  }
}
