import Foundation
import RefreshCore
import RefreshFit

/// A curve family of the host's own, on RefreshCore's public API: a pull past an edge shows
/// `reach·(1 − e^(−x/reach))`, which follows the finger at first and never shows more than
/// `reach`; released, the content returns on the tuning's bounce spring; a fling stops at an edge
/// instead of bouncing.
struct SoftStopPhysics: ScrollPhysics {
  /// The most a pull shows, points.
  var reach = 150.0
  /// The spring the content returns on.
  var spring = Tuning().springParameters

  func displacement(forTravel travel: Double, past edge: OverscrollEdge) -> Double {
    reach * (1 - exp(-travel / reach))
  }

  func slope(atTravel travel: Double, past edge: OverscrollEdge) -> Double {
    exp(-travel / reach)
  }

  func travel(forDisplacement displacement: Double, past edge: OverscrollEdge) -> Double {
    // Just inside the limit: a distance of `reach` or more is never shown.
    -reach * log(1 - min(displacement, reach * (1 - 1e-9)) / reach)
  }

  func releaseMotion(from position: Double, velocity: Double, to target: Double)
    -> any SettlingMotion
  {
    SpringMotion(from: position, velocity: velocity, to: target, parameters: spring)
  }

  func edgeMotion(meeting edge: Double, velocity: Double) -> EdgeMotion { .stop }
}

extension CurveFamily {
  /// The family, defined once: its name in tuning files, its constant (kept in the tuning under
  /// `softStopReach`), the studio's label, the fitter's search space and its web page form.
  /// Registered (`CurveFamily.register`), it is a family like the built-ins.
  static let softStop = CurveFamily(
    name: "softStop", label: "Soft stop",
    summary: "reach·(1 − e^(−x/reach)): follows the finger, never past reach; springs back",
    parameters: [
      TuningParameter(
        key: "softStopReach", range: 40...400, defaultValue: 150, unit: "pt",
        meaning: "the most a pull shows", phase: .pull)
    ] + TuningParameter.bounceSpring,
    exports: [
      "flutter": .refused("pull_to_refresh has no form of the soft stop's exponential band"),
      "mjrefresh": .noted("UIScrollView always bounces with its own rubber band"),
    ],
    fit: CurveFit(release: .bounceSpring, drag: [.init("softStopReach", 60...300, step: 5)]),
    pageForm: """
      function (T) {
        const reach = T.softStopReach, spring = springOf(T);
        return {
          displacement: function (x, e) { return reach * (1 - Math.exp(-x / reach)); },
          slope: function (x, e) { return Math.exp(-x / reach); },
          travel: function (y, e) { return -reach * Math.log(1 - Math.min(y, reach * (1 - 1e-9)) / reach); },
          releaseMotion: function (pos, v, target) { return new SpringMotion(pos, v, target, spring); },
          edgeMotion: function (edge, v) { return { stop: true }; },
        };
      }
      """,
    physics: { t in SoftStopPhysics(reach: t[parameter: "softStopReach"], spring: t.springParameters) })
}

/// Pulls a controller with `tuning` 200 points down, lets go, and says whether the content
/// showed and returned as `SoftStopPhysics` puts it.
func checkSoftStop(_ tuning: Tuning) -> Bool {
  let physics = SoftStopPhysics(reach: tuning[parameter: "softStopReach"])
  var controller = RefreshController(tuning: tuning, viewportHeight: 600, contentHeight: 2000)
  _ = controller.handle(.down(y: 100, time: 0))
  _ = controller.handle(.move(y: 300, time: 0.05))
  let pulled = -controller.snapshot.offset
  let expected = physics.reach * (1 - exp(-200 / physics.reach))
  _ = controller.handle(.move(y: 300, time: 0.3))
  _ = controller.handle(.up(time: 0.3))
  _ = controller.handle(.advance(to: 3))
  let rest = controller.snapshot.offset
  print("ticket-list: soft stop showed \(pulled) of \(expected) points, came to rest at \(rest)")
  return abs(pulled - expected) < 1e-9 && abs(rest - -tuning.headerHeight) < 1e-9
}

/// A screen recording's track as a perfect tracker would see it: `tuning` pulled by a finger
/// 240 points over 0.6 s, released into a refresh that ends at 2.3 s, sampled at 60 fps. The
/// fitter, given it, should choose the family that made it among every registered one.
func fitChoosesSoftStop(_ tuning: Tuning) -> Bool {
  var c = RefreshController(tuning: tuning, viewportHeight: 640, contentHeight: 3000)
  var points: [TrackPoint] = []
  for frame in 0..<Int(3.5 * 60) {
    let t = Double(frame) / 60
    var finger: Double? = nil
    if t >= 0.2 && t <= 0.8 {
      let y = 100 + 240 * (t - 0.2) / 0.6
      _ = c.handle(t == 0.2 ? .down(y: y, time: t) : .move(y: y, time: t))
      finger = y
    } else if t > 0.8 && t - 1.0 / 60 <= 0.8 {
      _ = c.handle(.up(time: t))
    }
    if t >= 2.3 && c.snapshot.header == .refreshing {
      _ = c.handle(.endRefreshing(.success, time: t))
    }
    _ = c.handle(.advance(to: t))
    points.append(TrackPoint(t: t, offset: -c.snapshot.offset, finger: finger, confidence: 1))
  }
  let track = Track(
    points: points, region: PixelRegion(x: 0, y: 0, width: 360, height: 640), scale: 1,
    followsIndicator: false, headerBand: 100)
  let fitted = RecordingFitter.fit(track).tuning
  let name = fitted?.resistanceCurve.rawValue ?? "nothing"
  print("ticket-list: the fitter chose \(name) (reach \(fitted.map { $0[parameter: "softStopReach"] } ?? 0))")
  return name == "softStop"
}
