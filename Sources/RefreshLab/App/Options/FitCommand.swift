import ArgumentParser
import FoundationEssentials
import RefreshCore
import RefreshFit
import RefreshFitMedia

/// `refresh-lab fit`: a screen recording in, its refreshes tracked and fitted, a tuning out.
public struct FitCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "fit",
    abstract: "Match a recording: track a GIF, video or PNG folder of a refresh and fit a tuning to it.",
    discussion: """
      Prints a short summary; --json prints the report (track, refreshes, hold, durations, closest preset, \
      residual, tuning). --write saves the fitted tuning as `export --format json` does (load it with --tuning).
      """)

  @Argument(
    help: ArgumentHelp(
      "A GIF, a video (MP4, WebM, MKV, MOV) or a folder of numbered PNG frames.", valueName: "recording"))
  var recording: String

  @Option(name: .long, help: ArgumentHelp("Recording pixels per point (default 1).", valueName: "px-per-pt"))
  var scale: Double?

  @Option(
    name: .customLong("width-pt"),
    help: ArgumentHelp(
      "The recorded screen's width in points (360 for most Android phones, 390 for recent iPhones).",
      valueName: "w"))
  var widthPoints: Double?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The list's region, recording pixels (found by what moves otherwise).", valueName: "x,y,w,h"))
  var region: String?

  @Option(
    name: .long, help: ArgumentHelp("Frames per second, overriding the recording's times.", valueName: "n"))
  var fps: Double?

  @Flag(name: .long, help: "Print the report as JSON.")
  var json = false

  @Option(
    name: .long,
    help: ArgumentHelp("Write the fitted tuning here (JSON, as export writes).", valueName: "file"))
  var write: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Draw the track, the fitted motion and the closest preset's as a PNG.", valueName: "file"))
  var plot: String?

  public init() {}

  /// Fits the recording and writes what was asked; every refusal is one line naming the file.
  @MainActor func run(reporting: (String) -> Void) throws(LabError) {
    if scale != nil && widthPoints != nil {
      throw .conflictingFlags("--scale and --width-pt both set the scale; give one")
    }
    if let scale, !(scale.isFinite && scale > 0) {
      throw .badFlag(flag: "--scale", message: "must be more than 0 recording pixels per point")
    }
    if let widthPoints, !(widthPoints.isFinite && widthPoints > 0) {
      throw .badFlag(flag: "--width-pt", message: "must be more than 0 points")
    }
    if let fps, !(fps.isFinite && fps > 0 && fps <= 1000) {
      throw .badFlag(flag: "--fps", message: "must be more than 0 and at most 1000 frames per second")
    }
    var pixelRegion: PixelRegion? = nil
    if let region {
      guard let parsed = PixelRegion(parsing: region) else {
        throw .badFlag(
          flag: "--region", message: "\"\(region)\" is not X,Y,W,H (four whole numbers, W and H above 0)")
      }
      pixelRegion = parsed
    }
    let writePath = try LabCommand.path(write, flag: "--write")
    let plotPath = try LabCommand.path(plot, flag: "--plot")
    let (fit, _, _, assumed) = try RecordingFitting.fit(
      recording, scale: scale, widthPoints: widthPoints, region: pixelRegion, fps: fps)
    let moved = fit.track.points.compactMap(\.offset).map(abs).max() ?? 0
    if fit.refreshes.isEmpty && fit.pullsWithoutRefresh.isEmpty && moved < PhaseSplitter.minimumPull {
      throw .unreadableFile(
        path: recording,
        reason: "the list never moves more than \(Int(PhaseSplitter.minimumPull)) pt: no pull in it")
    }
    // A list that scrolls but never refreshes is no bad input: it is said, and the track is
    // still reported; there is only no tuning to write.
    var tuningData: Data? = nil
    if let writePath {
      if let tuning = fit.tuning {
        tuningData = TuningFile.encode(tuning)
      } else {
        reporting("\(recording): no refresh, so no tuning to write to \(writePath); wrote nothing there")
      }
    }
    if let plotPath {
      try FitPlot.write(fit, recording: recording, to: plotPath)
    }
    if let writePath, let tuningData { try AtomicFile.write(tuningData, to: writePath) }
    if fit.refreshes.isEmpty {
      reporting(
        "\(recording): the list scrolls but never refreshes (\(fit.pullsWithoutRefresh.count) pulls came back "
          + "without holding); the track is still reported")
    }
    if json {
      print(FitReport(fit, assumed: assumed).json())
    } else {
      print(FitReport.summary(fit, path: recording, assumed: assumed))
    }
  }
}
