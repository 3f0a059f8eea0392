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
  /// Held height, points, averaged over refreshes: the written tuning's `headerHeight`.
  public var hold: Double?
  /// Seconds from the release until within 0.5 pt of the hold: the written tuning's own,
  /// replayed at `hold` from each refresh's peak, averaged (`RecordingFitter.durations`).
  public var releaseDuration: Double?
  /// Seconds from the last moment at the hold until within 0.5 pt of rest: the written
  /// tuning's own, replayed the same way.
  public var collapseDuration: Double?
  /// The same two as the track's own crossings show them (interpolated between frames),
  /// averaged over the refreshes that show them; never put in place of the written tuning's.
  public var trackDurations: TrackDurations = TrackDurations()
  /// Where the written tuning's figures and the track's crossings disagree by more than
  /// `RecordingFitter.disagreement`, one sentence each, for the report to say.
  public var disagreements: [String] = []
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
  /// Which motion settings of `tuning` the recording gave and which the closest preset did.
  public var sources: ParameterSources? = nil
  /// The release families compared, the chosen (least criterion) first.
  public var families: [FamilyComparison] = []
}

/// A recording's release and collapse as its track's crossings show them, seconds (nil where
/// no refresh shows the phase's end).
public struct TrackDurations: Sendable, Equatable, Codable {
  public var release: Double?
  public var collapse: Double?

  public init(release: Double? = nil, collapse: Double? = nil) {
    self.release = release
    self.collapse = collapse
  }
}

/// One release family's fit of a recording's releases, as the family is chosen: its RMS and
/// the constants it fitted with, weighed together (`criterion`, the Bayesian information
/// criterion summed over the refreshes: the smaller explains the releases better), and where
/// a finger shows, the pull under the resistance curves that go with the release.
public struct FamilyComparison: Sendable, Equatable, Codable {
  public var family: String
  /// Points RMS over the refreshes' releases, each at its own best constants.
  public var rms: Double
  /// How many constants the family fits (a refresh's release instant aside).
  public var constants: Int
  public var criterion: Double
  /// Where the recording shows its finger: the pull's RMS, points, under the resistance curve
  /// of those that go with this release that fits the finger best (its criterion is in
  /// `criterion`, with the curve's own constants); nil where no finger shows.
  public var drag: Double?

  public init(family: String, rms: Double, constants: Int, criterion: Double, drag: Double? = nil) {
    self.family = family
    self.rms = rms
    self.constants = constants
    self.criterion = criterion
    self.drag = drag
  }

  enum CodingKeys: String, CodingKey {
    case family, rms, constants, criterion, drag
  }

  /// Every key, `drag` as `null` where no finger shows (the report writes every key).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(family, forKey: .family)
    try c.encode(rms, forKey: .rms)
    try c.encode(constants, forKey: .constants)
    try c.encode(criterion, forKey: .criterion)
    try c.encode(drag, forKey: .drag)
  }
}

/// Where the written tuning's motion settings came from: the recording's refreshes (the hold,
/// the release, the collapse, the finishing hold) or the closest preset; the drag from the
/// recording only where a finger shows and its fit is clearly better than the preset's.
public struct ParameterSources: Sendable, Equatable, Codable {
  public enum Drag: String, Sendable, Codable {
    /// Fitted to the recorded finger and the content.
    case fitted
    /// No finger shows in the recording: the drag is the preset's.
    case noFinger
    /// A finger shows, but the preset's drag fits it about as well as any fitted one.
    case presetFitsAsWell
  }
  /// The settings fitted to the recording.
  public var recording: [String]
  /// The preset the rest of the tuning is (`closestPreset`).
  public var preset: String
  public var drag: Drag
  /// The drag's settings when they are the preset's.
  public var dragKeys: [String]
  /// The release's settings when they are the preset's: no frame shows a release (every pull
  /// peaked between two frames and the next showed the hold).
  public var releaseKeys: [String] = []

  /// One line for a person.
  public var summary: String {
    let why: String =
      switch drag {
      case .fitted: "fitted to the finger"
      case .noFinger: "no finger shows in the recording"
      case .presetFitsAsWell: "the preset's fits the finger about as well"
      }
    let dragPart =
      drag == .fitted ? "" : "; the drag (\(dragKeys.joined(separator: ", "))) from \(preset): \(why)"
    let releasePart =
      releaseKeys.isEmpty
      ? ""
      : "; the release (\(releaseKeys.joined(separator: ", "))) from \(preset): no frame shows it (each pull "
        + "peaked between two frames, the next shows the hold)"
    return
      "from the recording: \(recording.joined(separator: ", "))\(dragPart)\(releasePart); everything else "
      + "from \(preset)"
  }
}
