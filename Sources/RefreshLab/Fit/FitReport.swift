import FoundationEssentials
import RefreshCore
import RefreshFit

/// `refresh-lab fit --json`: the report's keys as shared/DESIGN.md's fifth round names them.
struct FitReport: Encodable {
  struct Point: Encodable {
    var t: Double
    var offset: Double?
    var finger: Double?
    var confidence: Double
    var headerChange: Double?

    enum CodingKeys: String, CodingKey { case t, offset, finger, confidence, headerChange }

    // A gap or no finger is a null, not a missing key: scripts read every key of every frame.
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(t, forKey: .t)
      try c.encode(offset, forKey: .offset)
      try c.encode(finger, forKey: .finger)
      try c.encode(confidence, forKey: .confidence)
      try c.encode(headerChange, forKey: .headerChange)
    }
  }
  struct Refresh: Encodable {
    var pullStart: Double
    var release: Double
    var peak: Double
    var holdStart: Double
    var hold: Double
    var collapseStart: Double?
    var collapseEnd: Double?
    var finish: Double?

    enum CodingKeys: String, CodingKey {
      case pullStart, release, peak, holdStart, hold, collapseStart, collapseEnd, finish
    }

    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(pullStart, forKey: .pullStart)
      try c.encode(release, forKey: .release)
      try c.encode(peak, forKey: .peak)
      try c.encode(holdStart, forKey: .holdStart)
      try c.encode(hold, forKey: .hold)
      try c.encode(collapseStart, forKey: .collapseStart)
      try c.encode(collapseEnd, forKey: .collapseEnd)
      try c.encode(finish, forKey: .finish)
    }
  }
  var frames: Int
  var fps: Double
  var scale: Double
  var region: PixelRegion
  var followsIndicator: Bool
  /// Until when the indicator was followed, seconds, where the content stood still only for a
  /// while (`Track.indicatorUntil`: the last span's end).
  var indicatorUntil: Double?
  /// Each span, seconds from and until, over which the indicator was followed while the content
  /// stood still at rest (`Track.indicatorSpans`).
  var indicatorSpans: [[Double]]
  /// Where the recording cuts, seconds: the first frame after each jump no list makes
  /// (`Track.cuts`); nothing is read across one.
  var cuts: [Double]
  var track: [Point]
  var refreshes: [Refresh]
  var hold: Double?
  var releaseDuration: Double?
  var collapseDuration: Double?
  var releaseFamily: String?
  var collapseCurve: String?
  var closestPreset: String?
  var residual: Double?
  var residuals: PhaseResiduals
  var tuning: Tuning?
  var finishingHold: Double?
  /// What the fit assumed for want of a flag, each with the flag that sets it.
  var assumed: [String]
  /// Which settings of `tuning` came from the recording and which from the closest preset.
  var sources: ParameterSources?
  /// The release families compared, the chosen first.
  var releaseFamilies: [FamilyComparison]
  /// The release and the collapse as the track's own crossings show them, beside the written
  /// tuning's `releaseDuration` and `collapseDuration`.
  var trackDurations: TrackDurations
  /// Where the two disagree, one sentence each (empty where they agree).
  var disagreements: [String]

  enum CodingKeys: String, CodingKey {
    case frames, fps, scale, region, followsIndicator, track, refreshes, hold, releaseDuration,
      collapseDuration
    case releaseFamily, collapseCurve, closestPreset, residual, residuals, tuning, finishingHold, assumed
    case sources, releaseFamilies, indicatorUntil, indicatorSpans, trackDurations, disagreements, cuts
  }

  /// Every key is written, a missing value as null: the contract's keys are always there.
  func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(frames, forKey: .frames)
    try c.encode(fps, forKey: .fps)
    try c.encode(scale, forKey: .scale)
    try c.encode(region, forKey: .region)
    try c.encode(followsIndicator, forKey: .followsIndicator)
    try c.encode(indicatorUntil, forKey: .indicatorUntil)
    try c.encode(indicatorSpans, forKey: .indicatorSpans)
    try c.encode(cuts, forKey: .cuts)
    try c.encode(track, forKey: .track)
    try c.encode(refreshes, forKey: .refreshes)
    try c.encode(hold, forKey: .hold)
    try c.encode(releaseDuration, forKey: .releaseDuration)
    try c.encode(collapseDuration, forKey: .collapseDuration)
    try c.encode(releaseFamily, forKey: .releaseFamily)
    try c.encode(collapseCurve, forKey: .collapseCurve)
    try c.encode(closestPreset, forKey: .closestPreset)
    try c.encode(residual, forKey: .residual)
    try c.encode(residuals, forKey: .residuals)
    try c.encode(tuning, forKey: .tuning)
    try c.encode(finishingHold, forKey: .finishingHold)
    try c.encode(assumed, forKey: .assumed)
    try c.encode(sources, forKey: .sources)
    try c.encode(releaseFamilies, forKey: .releaseFamilies)
    var crossings = c.nestedContainer(keyedBy: TrackDurationKeys.self, forKey: .trackDurations)
    try crossings.encode(trackDurations.release, forKey: .release)
    try crossings.encode(trackDurations.collapse, forKey: .collapse)
    try c.encode(disagreements, forKey: .disagreements)
  }

  enum TrackDurationKeys: String, CodingKey { case release, collapse }

  init(_ fit: RecordingFit, assumed: [String] = []) {
    self.assumed = assumed
    frames = fit.track.points.count
    fps = Self.rounded(fit.track.fps, 3)
    scale = fit.track.scale
    region = fit.track.region
    followsIndicator = fit.track.followsIndicator
    indicatorUntil = fit.track.indicatorUntil.map { Self.rounded($0, 4) }
    indicatorSpans = fit.track.indicatorSpans.map {
      [Self.rounded($0.lowerBound, 4), Self.rounded($0.upperBound, 4)]
    }
    cuts = fit.track.cuts.map { Self.rounded($0, 4) }
    track = fit.track.points.map {
      Point(
        t: Self.rounded($0.t, 4), offset: $0.offset.map { Self.rounded($0, 3) },
        finger: $0.finger.map { Self.rounded($0, 2) }, confidence: Self.rounded($0.confidence, 3),
        headerChange: $0.headerChange.map { Self.rounded($0, 2) })
    }
    refreshes = fit.refreshes.map {
      Refresh(
        pullStart: Self.rounded($0.pullStart, 4), release: Self.rounded($0.release, 4),
        peak: Self.rounded($0.peak, 3), holdStart: Self.rounded($0.holdStart, 4),
        hold: Self.rounded($0.hold, 3),
        collapseStart: $0.collapseStart.map { Self.rounded($0, 4) },
        collapseEnd: $0.collapseEnd.map { Self.rounded($0, 4) }, finish: $0.finish.map { Self.rounded($0, 4) }
      )
    }
    hold = fit.hold.map { Self.rounded($0, 3) }
    releaseDuration = fit.releaseDuration.map { Self.rounded($0, 4) }
    collapseDuration = fit.collapseDuration.map { Self.rounded($0, 4) }
    releaseFamily = fit.releaseFamily
    collapseCurve = fit.collapseCurve?.rawValue
    closestPreset = fit.closestPreset?.rawValue
    residual = fit.residual.total.map { Self.rounded($0, 3) }
    residuals = fit.residual
    tuning = fit.tuning
    finishingHold = fit.finishingHold.map { Self.rounded($0, 4) }
    sources = fit.sources
    trackDurations = TrackDurations(
      release: fit.trackDurations.release.map { Self.rounded($0, 4) },
      collapse: fit.trackDurations.collapse.map { Self.rounded($0, 4) })
    disagreements = fit.disagreements
    releaseFamilies = fit.families.map {
      FamilyComparison(
        family: $0.family, rms: Self.rounded($0.rms, 3), constants: $0.constants,
        criterion: Self.rounded($0.criterion, 1), drag: $0.drag.map { Self.rounded($0, 3) })
    }
  }

  static func rounded(_ x: Double, _ places: Int) -> Double {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return (x * scale).rounded() / scale
  }

  /// The report as one line of JSON, keys sorted.
  func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(self) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  /// What the summary says of an indicator followed over still content: throughout, or over
  /// each span where the content stood still at rest.
  static func indicatorSaid(_ spans: [ClosedRange<Double>], start: Double) -> String {
    guard !spans.isEmpty else {
      return "; the content stays still, an indicator moves over it (tracked instead)"
    }
    let said = spans.map { span in
      span.lowerBound <= start
        ? "until \(f(span.upperBound)) s" : "from \(f(span.lowerBound)) until \(f(span.upperBound)) s"
    }
    return "; the content stays still \(said.joined(separator: " and ")), an indicator moves over it "
      + "(tracked instead then)"
  }

  /// A few lines for a person.
  static func summary(_ fit: RecordingFit, path: String, assumed: [String] = []) -> String {
    var lines: [String] = assumed.map { "assumed: " + $0 }
    let t = fit.track
    lines.append(
      "\(path): \(t.points.count) frames at \(Self.rounded(t.fps, 1)) fps, list at \(t.region.x),\(t.region.y) "
        + "\(t.region.width)×\(t.region.height) px, \(t.scale) px/pt"
        + (t.followsIndicator ? Self.indicatorSaid(t.indicatorSpans, start: t.points.first?.t ?? 0) : ""))
    let gaps = t.points.filter { $0.offset == nil }.count
    if gaps > 0 { lines.append("lost the content in \(gaps) frames (gaps in the track)") }
    for cut in t.cuts {
      lines.append(
        "the recording cuts at \(f(cut)) s (the content jumps there in one frame, as no list moves): "
          + "the frames either side are read apart")
    }
    for (i, r) in fit.refreshes.enumerated() {
      // A hold a cut ends: the refresh's end is not in the recording.
      let cutShort = t.cuts.first { $0 > r.holdStart }.map { " to the cut at \(f($0)) s" }
      // A hold the list is dragged on from, never to come back before the recording ends: the
      // drag's start, not the end, closes the hold, and no collapse shows.
      let draggedOn = r.draggedOn.map { " until it is dragged on at \(f($0)) s (no collapse shows)" }
      lines.append(
        "refresh \(i + 1): pull \(f(r.pullStart)) s, release \(f(r.release)) s at \(f(r.peak)) pt, "
          + "holds \(f(r.hold)) pt from \(f(r.holdStart)) s"
          + (r.collapseStart.map { " to \(f($0)) s" } ?? cutShort ?? draggedOn ?? " to the end")
          + (r.collapseEnd.map { ", at rest \(f($0)) s" } ?? ""))
    }
    lines += figures(fit)
    if let chosen = fit.families.first {
      // The comparison the family was chosen by: a person sees how close the others came.
      let others = fit.families.dropFirst().map {
        "\($0.family) \(f($0.criterion)) (\($0.constants), \(f($0.rms)) pt"
          + ($0.drag.map { ", pull \(f($0)) pt" } ?? "") + ")"
      }
      lines.append(
        "release family \(chosen.family): criterion \(f(chosen.criterion)) (\(chosen.constants) "
          + "\(chosen.constants == 1 ? "constant" : "constants"), \(f(chosen.rms)) pt RMS"
          + (chosen.drag.map { ", the pull \(f($0)) pt under its best band" } ?? "") + ")"
          + (others.isEmpty ? "" : " against " + others.joined(separator: ", ")) + "; the least wins")
    }
    if let sources = fit.sources { lines.append(sources.summary) }
    // The figures above are the written tuning's own; where the track's crossings say otherwise,
    // by more than a crossing's uncertainty, a person is told.
    lines += fit.disagreements.map { "disagrees: " + $0 }
    return lines.joined(separator: "\n")
  }

  /// The fit's figures, one a line of the summary: the hold, the release and the collapse, the
  /// closest preset, the residual. `--match` and `--plot` show these same lines (`numbers`).
  static func figures(_ fit: RecordingFit) -> [String] {
    var lines: [String] = []
    if let hold = fit.hold { lines.append("hold \(f(hold)) pt") }
    if let d = fit.releaseDuration {
      lines.append("release \(f(d)) s (\(fit.releaseFamily ?? "?"))")
    }
    if let d = fit.collapseDuration {
      lines.append("collapse \(f(d)) s (\(fit.collapseCurve?.rawValue ?? "?"))")
    }
    if let p = fit.closestPreset { lines.append("closest preset: \(p.rawValue)") }
    if let r = fit.residual.total { lines.append("residual \(f(r)) pt RMS") }
    return lines
  }

  /// The figures on one line, for a caption.
  static func numbers(_ fit: RecordingFit) -> String {
    figures(fit).joined(separator: " · ")
  }

  private static func f(_ x: Double) -> String {
    let r = rounded(x, 3)
    return "\(r)"
  }
}
