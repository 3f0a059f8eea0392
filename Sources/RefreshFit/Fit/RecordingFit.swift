import RefreshCore

/// How far the fitted motion lies from the track in each phase: RMS, points.
public struct PhaseResiduals: Sendable, Equatable, Codable {
  /// The drag, when a finger shows: the fitted resistance replayed on the recorded finger.
  public var drag: Double?
  /// From the release to the end of the hold.
  public var release: Double?
  /// The collapse.
  public var collapse: Double?
  /// Over the release and the collapse (the contract's `residual`).
  public var total: Double?
  /// With a finger: the fitted tuning replayed on the recorded finger through the whole
  /// refresh, against the track.
  public var replay: Double? = nil
}

/// A recording's track fitted: its refreshes, the averages the contract names, the closest
/// preset and the fitted tuning.
public struct RecordingFit: Sendable {
  public var track: Track
  public var refreshes: [RefreshPhases]
  /// Pulls that came back without refreshing.
  public var pullsWithoutRefresh: [PullWithoutRefresh]
  /// Held height, points, averaged over refreshes.
  public var hold: Double?
  /// Seconds from the release until within 0.5 pt of the hold (the fitted motion's).
  public var releaseDuration: Double?
  /// Seconds from the last moment at the hold until within 0.5 pt of rest (the fitted motion's).
  public var collapseDuration: Double?
  /// The release's family: `spring` (iOS, Flutter), `rebound` (SmartRefreshLayout's) or `eased`
  /// (MJRefresh's one animation to the hold, `ArmedRelease.eased`).
  public var releaseFamily: String?
  /// The collapse's timing curve.
  public var collapseCurve: TimingCurve?
  /// The preset whose durations (release and collapse, at the recording's hold and peak) lie
  /// nearest the recording's, the header's height aside.
  public var closestPreset: TuningPreset?
  public var residual: PhaseResiduals
  /// The fitted tuning (the closest preset with the fitted values in it).
  public var tuning: Tuning?
  /// Seconds from the refresh's end as the header shows it (`RefreshPhases.finish`) until the
  /// collapse begins, averaged over the refreshes that show it; nil where none does.
  public var finishingHold: Double?
  /// The fitted tuning's motion and the closest preset's at every frame's time, points (nil
  /// outside the refreshes), for plotting beside the track.
  public var fittedOffsets: [Double?]
  public var presetOffsets: [Double?]
}
