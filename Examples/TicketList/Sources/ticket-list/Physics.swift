import Foundation
import RefreshCore

/// A curve family of the host's own, on RefreshCore's public API: a pull past an edge shows
/// `reach·(1 − e^(−x/reach))`, which follows the finger at first and never shows more than
/// `reach`; released, the content eases back over `returnDuration`; a fling stops at an edge
/// instead of bouncing.
struct SoftStopPhysics: ScrollPhysics {
  /// The most a pull shows, points.
  var reach = 150.0
  /// How long the content takes back to rest, seconds.
  var returnDuration = 0.25

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
    ReboundMotion(from: position, to: target, duration: returnDuration)
  }

  func edgeMotion(meeting edge: Double, velocity: Double) -> EdgeMotion { .stop }
}

/// Pulls a controller with `tuning` 200 points down, lets go, and says whether the content
/// showed and returned as `SoftStopPhysics` puts it.
func checkSoftStop(_ tuning: Tuning) -> Bool {
  let physics = SoftStopPhysics()
  var controller = RefreshController(tuning: tuning, viewportHeight: 600, contentHeight: 2000)
  _ = controller.handle(.down(y: 100, time: 0))
  _ = controller.handle(.move(y: 300, time: 0.05))
  let pulled = -controller.snapshot.offset
  let expected = physics.reach * (1 - exp(-200 / physics.reach))
  _ = controller.handle(.move(y: 300, time: 0.3))
  _ = controller.handle(.up(time: 0.3))
  _ = controller.handle(.advance(to: 0.3 + physics.returnDuration))
  let rest = controller.snapshot.offset
  print("ticket-list: soft stop showed \(pulled) of \(expected) points, came to rest at \(rest)")
  return abs(pulled - expected) < 1e-9 && abs(rest - -60) < 1e-9
}
