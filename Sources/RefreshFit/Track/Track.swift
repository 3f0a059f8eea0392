/// What the tracker saw in one frame.
public struct TrackPoint: Sendable, Equatable, Codable {
  /// Seconds from the first frame.
  public var t: Double
  /// Points the content is displaced down from rest (negative: scrolled toward the end), or nil
  /// where the tracker lost it (a gap).
  public var offset: Double?
  /// The finger's height in the list, points from the list's top, or nil when no finger shows.
  public var finger: Double?
  /// How sure the match is, 0…1.
  public var confidence: Double
  /// How much the header's band (the strip above the content) changed since the frame before,
  /// grey levels (the largest change of a row's mean in a column band), where the content stood
  /// still over both; nil where it moved or showed no band. A spinner turning changes it a
  /// little; the band's picture changing to "completed" when the refresh ends, a lot.
  public var headerChange: Double?

  public init(t: Double, offset: Double?, finger: Double?, confidence: Double, headerChange: Double? = nil) {
    self.t = t
    self.offset = offset
    self.finger = finger
    self.confidence = confidence
    self.headerChange = headerChange
  }
}

/// What moved in a recording: the list's region, the content's offset in every frame and,
/// where the content stays still, the indicator pulled over it instead.
public struct Track: Sendable, Equatable {
  /// One point per frame, in time order.
  public var points: [TrackPoint]
  /// The list's region, recording pixels (found, or as `--region` gave it).
  public var region: PixelRegion
  /// Recording pixels per point.
  public var scale: Double
  /// Whether `offset` follows an indicator moving over still content (Material's badge) rather
  /// than the content itself.
  public var followsIndicator: Bool
  /// The tallest header band seen: the strip above the content at its largest pull, points.
  public var headerBand: Double
  /// Where the content stands still at rest for a while between its moves (before a scroll to
  /// load more, after a scroll back to the top): the spans, seconds, over which an indicator
  /// moving over it was followed instead (in the content's track, beside `indicatorOver`, and in
  /// the track following the indicator).
  public var indicatorSpans: [ClosedRange<Double>]
  /// The same frames with the indicator's offset over the spans (`indicatorSpans`) and the
  /// content's own elsewhere: the track a fit takes where this one shows no refresh.
  public var indicatorOver: [TrackPoint]?
  /// Where the recording cuts (`PhaseSplitter.cuts`): the times of the first frame after each
  /// cut. Nothing is read across one.
  public var cuts: [Double] = []

  /// The time a motion that began at `t` is read from: the last cut at or before it, if any
  /// (nothing is read across a cut).
  func readSince(_ t: Double) -> Double { cuts.last { $0 <= t } ?? -.infinity }

  /// Until when the indicator was followed, seconds: the last span's end.
  public var indicatorUntil: Double? { indicatorSpans.last?.upperBound }

  public init(
    points: [TrackPoint], region: PixelRegion, scale: Double, followsIndicator: Bool,
    headerBand: Double, indicatorSpans: [ClosedRange<Double>] = [], indicatorOver: [TrackPoint]? = nil
  ) {
    self.points = points
    self.region = region
    self.scale = scale
    self.followsIndicator = followsIndicator
    self.headerBand = headerBand
    self.indicatorSpans = indicatorSpans
    self.indicatorOver = indicatorOver
  }

  /// The track following the indicator over the content's still spans (`indicatorOver`),
  /// where there is one.
  public var followingIndicator: Track? {
    guard let indicatorOver, !indicatorSpans.isEmpty else { return nil }
    return Track(
      points: indicatorOver, region: region, scale: scale, followsIndicator: true,
      headerBand: max(0, indicatorOver.compactMap(\.offset).max() ?? 0), indicatorSpans: indicatorSpans)
  }

  /// Frames per second over the recording (frames over its span).
  public var fps: Double {
    guard points.count > 1, let first = points.first, let last = points.last, last.t > first.t
    else { return 0 }
    return Double(points.count - 1) / (last.t - first.t)
  }

  /// Seconds a frame, on average (a thirtieth where the track has no span): the fit's unit of
  /// time for release instants and presses.
  public var frameInterval: Double { fps > 0 ? 1 / fps : 1.0 / 30 }
}
