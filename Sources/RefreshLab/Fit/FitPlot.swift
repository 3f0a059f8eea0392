import RefreshFit

/// `refresh-lab fit --plot`: the track, the fitted motion and the closest preset's over time.
enum FitPlot {
  @MainActor static func write(_ fit: RecordingFit, to path: String) throws(LabError) {
    throw .badFlag(flag: "--plot", message: "not drawn yet in this build; use --json and plot its track")
  }
}
