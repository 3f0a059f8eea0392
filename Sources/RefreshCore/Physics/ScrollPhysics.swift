/// A curve family: how far content shows for a finger's travel past an edge, and how it returns
/// to rest from there, as Flutter's `ScrollPhysics` is one value per behaviour (bouncing,
/// clamping) that an app may subclass.
///
/// A family is a value holding its own constants. The built-in ones are
/// ``IOSRubberBandPhysics``, ``FlutterFrictionPhysics``, ``SmartDampingPhysics`` and
/// ``MaterialTensionPhysics``, each made by a ``CurveFamily`` definition that ``ResistanceCurve``
/// names for tuning files; a program registers its own family (``CurveFamily/register(_:)``)
/// and ``RefreshController`` follows it as it follows the built-ins.
///
/// Everything a family answers is a closed form. The band is a function of the finger's total
/// travel past the edge, never applied per delta, and has an inverse, so the same finger position
/// shows the same offset at any frame rate and grabbing content already out of bounds never makes
/// it jump. The motions answer for any elapsed time, so no frame integrates anything.
public protocol ScrollPhysics: Sendable, Equatable {
  /// The distance shown for a finger's travel `travel` ≥ 0 past `edge`: 0 at 0, never falling.
  func displacement(forTravel travel: Double, past edge: OverscrollEdge) -> Double

  /// How far the shown distance moves per point of travel at `travel`: the derivative of
  /// ``displacement(forTravel:past:)``, which scales the finger's speed into the content's.
  func slope(atTravel travel: Double, past edge: OverscrollEdge) -> Double

  /// The travel that shows `displacement`: the inverse of ``displacement(forTravel:past:)``.
  /// A distance the band never reaches maps to a travel just inside its limit.
  func travel(forDisplacement displacement: Double, past edge: OverscrollEdge) -> Double

  /// The motion from `position`, moving at `velocity` points per second, back to the rest edge
  /// `target`: content released out of bounds by a finger, or left there by another motion.
  func releaseMotion(from position: Double, velocity: Double, to target: Double)
    -> any SettlingMotion

  /// What a fling turns into on meeting the rest edge at `edge` while moving at `velocity`
  /// points per second.
  func edgeMotion(meeting edge: Double, velocity: Double) -> EdgeMotion
}

extension ScrollPhysics {
  /// Whether `other` is the same family with the same constants.
  func _isEqual(to other: any ScrollPhysics) -> Bool { (other as? Self) == self }
}

/// A motion that comes to rest at a known place and time: what returns content to its rest
/// edge. The controller follows it until ``duration`` and then puts the content at
/// ``restingPosition`` exactly, so a return ends on the same instant at any frame rate.
public protocol SettlingMotion: Motion, Equatable {
  /// Seconds after its start at which the motion is at rest.
  var duration: Double { get }
  /// Where the motion comes to rest.
  var restingPosition: Double { get }
}

extension SettlingMotion {
  /// Whether `other` is the same motion.
  func _isEqual(to other: any SettlingMotion) -> Bool { (other as? Self) == self }
}

extension SpringMotion: SettlingMotion {
  /// The spring's target.
  public var restingPosition: Double { target }
}

extension ReboundMotion: SettlingMotion {
  /// Where the rebound ends.
  public var restingPosition: Double { to }
}

/// What a fling becomes when it meets a rest edge, as a curve family answers.
public enum EdgeMotion: Sendable {
  /// It stops at the edge.
  case stop
  /// It returns to the edge by this motion (a spring bouncing off it, as on iOS).
  case settle(any SettlingMotion)
  /// Its speed carries the content past the edge by this motion, after which the content
  /// rebounds to the nearest rest edge over ``OvershootMotion/reboundDuration(distance:)``
  /// (SmartRefreshLayout's `animSpinnerBounce`).
  case coast(OvershootMotion)
}

/// A settling motion the scroll machine holds, compared by value.
struct _Settling: Sendable, Equatable {
  var motion: any SettlingMotion

  static func == (a: _Settling, b: _Settling) -> Bool { a.motion._isEqual(to: b.motion) }
}
