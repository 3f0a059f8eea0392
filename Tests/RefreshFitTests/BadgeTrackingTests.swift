import RefreshFit
import Testing

@testable import RefreshFit

/// A badge pulled over still rows (Material's), recorded the way a person's encoder keeps it:
/// its text's edges flickering from one frame type to the next, its first line of text a few
/// pixels below the list's top. The badge's travel is read from the list's top.
@Suite struct BadgeTrackingTests {
  /// Still rows (`SyntheticRecording` at rest: each row's words 12 to 26 px into it) with a
  /// badge whose lowest row lies `travel(t)` px below the list's top; and, where `flicker`, every pixel at an edge of the
  /// rows' text moved by 50 grey levels in three frames of four (x264 at a high quantizer
  /// between its frame types).
  struct BadgeOverStillRows: FrameSource {
    var rows: SyntheticRecording
    var travel: (Double) -> Double
    var flicker: Bool
    /// From when the rows are new ones (each row's words 24 px further right), if ever.
    var replaced = Double.infinity
    /// While the badge's spinner turns (a dot inside it, in another place each frame).
    var spinning: (Double) -> Bool = { _ in false }
    /// While a dash 2 px tall crosses the rows 100 px down (a pointer's edge moving: no badge,
    /// too thin, but no frame stands still).
    var dashing: (Double) -> Bool = { _ in false }
    private var index = 0
    var recordingWidth: Int { rows.recordingWidth }
    var recordingHeight: Int { rows.recordingHeight }
    var downscale: Int { 1 }

    init(fps: Double, duration: Double, flicker: Bool, travel: @escaping (Double) -> Double) {
      rows = SyntheticRecording(fps: fps, duration: duration, offset: { _ in 0 })
      self.travel = travel
      self.flicker = flicker
    }

    mutating func nextFrame() throws(FitError) -> GreyFrame? {
      guard var frame = try rows.nextFrame() else { return nil }
      let w = frame.width
      if flicker && index % 4 != 0 {
        let still = frame.pixels
        for y in 1..<(frame.height - 1) {
          for x in 1..<(w - 1) {
            let v = Int(still[y * w + x])
            let edge =
              [still[y * w + x - 1], still[y * w + x + 1], still[(y - 1) * w + x], still[(y + 1) * w + x]]
              .map { abs(Int($0) - v) }.max() ?? 0
            if edge > 100 { frame.pixels[y * w + x] = UInt8(v > 128 ? v - 50 : v + 50) }
          }
        }
      }
      if frame.time >= replaced {
        let old = frame.pixels
        for y in 0..<frame.height {
          for x in 0..<w { frame.pixels[y * w + x] = x >= 24 ? old[y * w + x - 24] : 255 }
        }
      }
      if dashing(frame.time) {
        let x0 = 10 + (index * 7) % (w - 30)
        for y in 100..<102 {
          for x in x0..<(x0 + 12) { frame.pixels[y * w + x] = 40 }
        }
      }
      // The badge's dark lower half, a square bowl 24 px across and 12 deep, its rim 3 px
      // thick and its lowest row `travel` px down, drawn once pulled 16 px (a white disc over
      // white rows, its arc fading in as it is pulled): nothing shows in the rows above the
      // first line of text until the badge is well out.
      let bottom = Int(travel(frame.time).rounded())
      if bottom >= 16 {
        for y in (bottom - 11)...bottom {
          for x in (w / 2 - 12)..<(w / 2 + 12) {
            let rim = y > bottom - 3 || x < w / 2 - 9 || x >= w / 2 + 9
            frame.pixels[y * w + x] = rim ? 40 : 255
          }
        }
        if spinning(frame.time) {
          let (dx, dy) = [(-6, -8), (4, -8), (4, -4), (-6, -4)][index % 4]
          for y in (bottom + dy - 1)...(bottom + dy + 1) {
            for x in (w / 2 + dx - 1)...(w / 2 + dx + 1) { frame.pixels[y * w + x] = 40 }
          }
        }
      }
      index += 1
      return frame
    }
  }

  /// Pulled to 70 px in 0.4 s, back to a 48-px hold by 0.9 s, held until 1.6 s, gone by 1.8 s.
  static func travel(_ t: Double) -> Double {
    switch t {
    case ..<0.3: 0
    case ..<0.7: 70 * (t - 0.3) / 0.4
    case ..<0.9: 70 - 22 * (t - 0.7) / 0.2
    case ..<1.6: 48
    case ..<1.8: 48 * (1.8 - t) / 0.2
    default: 0
    }
  }

  /// Every frame of `track` where the badge stands still (at rest or held at 48 px) read
  /// within 2.5 px of `travel`: the travel is read to the strongest change among the badge's
  /// last two rows (where a shadow would darken most), one above its lowest here, and from the
  /// first row below the rows' separator line at the list's top.
  static func reads(_ track: Track, _ travel: (Double) -> Double) throws {
    for p in track.points {
      let offset = try #require(p.offset, "lost at \(p.t) s")
      let shown = travel(p.t)
      if shown == 0 || shown == 48 {
        #expect(abs(offset - shown) <= 2.5, "at \(p.t) s the badge is \(shown) px down, read \(offset)")
      }
    }
  }

  @Test(arguments: [false, true])
  func theBadgesTravelIsReadFromTheListsTopAndAFlickerAtTextEdgesIsNoBadge(flicker: Bool) throws {
    var source = BadgeOverStillRows(fps: 30, duration: 2.4, flicker: flicker, travel: Self.travel)
    let track = try RecordingTracker(scale: 1).track(&source)
    #expect(track.followsIndicator, "the rows stand still: the badge is what moves")
    try Self.reads(track, Self.travel)
  }

  /// Two refreshes over rows replaced while the first is held. After the replacement the
  /// "completed" badge stands still at the hold, the list then rests with something crossing it
  /// (no frame of the rest stands still), and the second refresh is held, its spinner turning,
  /// to the recording's end: the part's longest still run and its last frame both show a badge,
  /// and what the rows show most of the time (`RecordingTracker.background`) is the reference.
  @Test func aPartWhoseStillestFramesHoldABadgeIsReadAgainstWhatItShowsMostOf() throws {
    func travel(_ t: Double) -> Double {
      switch t {
      case ..<0.3: 0
      case ..<0.7: 70 * (t - 0.3) / 0.4
      case ..<0.9: 70 - 22 * (t - 0.7) / 0.2
      case ..<1.7: 48
      case ..<1.9: 48 * (1.9 - t) / 0.2
      case ..<2.9: 0
      case ..<3.2: 48 * (t - 2.9) / 0.3
      default: 48
      }
    }
    var source = BadgeOverStillRows(fps: 30, duration: 3.5, flicker: false, travel: travel)
    source.replaced = 1.2
    source.spinning = { t in t < 1.2 || t >= 3.2 }
    source.dashing = { t in t >= 1.9 && t < 2.9 }
    let track = try RecordingTracker(scale: 1).track(&source)
    try Self.reads(track, travel)
  }
}
