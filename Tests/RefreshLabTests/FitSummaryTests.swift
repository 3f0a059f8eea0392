import RefreshFit
import Testing

@testable import RefreshLab

/// What `refresh-lab fit` prints of a refresh, read off tracks drawn by hand.
@Suite struct FitSummaryTests {
  /// The summary of a track at 50 fps: pulled to 157 and let go to a hold at 83 for 2.2 s, then
  /// raised to 83 + `rise` over 0.6 s and left there until the recording ends (`seconds` long).
  static func summary(rising rise: Double, seconds: Double) -> String {
    let fps = 50.0
    let points = (0..<Int(seconds * fps)).map { k -> TrackPoint in
      let t = Double(k) / fps
      let x: Double =
        switch t {
        case ..<0.5: 0
        case ..<0.8: 157 * (t - 0.5) / 0.3
        case ..<1.2: 157 - 74 * (t - 0.8) / 0.4
        case ..<3.4: 83
        case ..<4.0: 83 + rise * (t - 3.4) / 0.6
        default: 83 + rise
        }
      return TrackPoint(t: t, offset: x, finger: nil, confidence: 1)
    }
    let track = Track(
      points: points, region: PixelRegion(x: 0, y: 0, width: 360, height: 640), scale: 1,
      followsIndicator: false, headerBand: 157)
    return FitReport.summary(RecordingFitter.fit(track), path: "hold.gif")
  }

  /// A hold the list is dragged on from (a game header played by dragging the held list), the
  /// recording ending before it comes back: the summary says where the drag began and that no
  /// collapse shows, not that the list held "to the end".
  @Test func aHoldDraggedOnIsSaidToEndWhereTheDragBegins() {
    let summary = Self.summary(rising: 55, seconds: 6)
    #expect(summary.contains("holds 83.0 pt from 1.197 s"), "\(summary)")
    #expect(summary.contains("until it is dragged on at 3.405 s (no collapse shows)"), "\(summary)")
    #expect(!summary.contains("to the end"), "\(summary)")
  }

  /// A hold that creeps a pixel and a half up before the recording ends is no drag: the summary
  /// says the list held to the end.
  @Test func aHoldThatCreepsIsNoDrag() {
    let summary = Self.summary(rising: 1.5, seconds: 5)
    #expect(!summary.contains("dragged on"), "\(summary)")
  }
}
