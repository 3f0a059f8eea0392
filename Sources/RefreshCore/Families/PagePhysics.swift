/// The constants of the core's motions that the web page's script computes with, by the names
/// the page reads them under. The page writes none of them itself: the web export puts these,
/// and each registered family's page form (``CurveFamily/pageForm``), into it, so the page and
/// the core cannot drift apart by a number.
public enum PagePhysics {
  /// Each constant by its name in the page.
  public static var constants: [(name: String, value: Double)] {
    [
      ("springTolerance", SpringMotion.defaultTolerance),
      ("springRestSpeedPerTolerance", SpringMotion._restSpeedPerTolerance),
      ("springRestScanStep", SpringMotion._restScanStep),
      ("springRestLimit", SpringMotion._restLimit),
      ("velocityHorizon", VelocityTracker.horizon),
      ("velocityCapacity", Double(VelocityTracker.capacity)),
      ("velocityMaximumGap", VelocityTracker.maximumGap),
      ("velocityMinimumInterval", VelocityTracker.minimumInterval),
      ("fluidScale", ReboundMotion._scale),
      ("fluidJoint", ReboundMotion._joint),
      ("fluidNormalize", ReboundMotion._normalize),
      ("coastFrame", OvershootMotion._frame),
      ("coastStopSpeed", OvershootMotion._stopSpeed),
      ("coastA", OvershootMotion._a),
      ("coastGain", OvershootMotion._gain),
      ("coastReboundLeast", OvershootMotion._reboundLeastDistance),
      ("coastReboundMost", OvershootMotion._reboundMostDistance),
      ("coastReboundPerPoint", OvershootMotion._reboundTimePerPoint),
    ]
  }

  /// Each timing curve's control points and the most velocity an eased motion along it
  /// carries in (``TimingCurve/maximumCarry``), `[x1, y1, x2, y2, carry]`, by its name.
  public static var timingCurves: [(name: String, controlPoints: [Double])] {
    TimingCurve.allCases.map { curve in
      let p = curve._controlPoints
      return (curve.rawValue, [p.x1, p.y1, p.x2, p.y2, curve.maximumCarry])
    }
  }
}
