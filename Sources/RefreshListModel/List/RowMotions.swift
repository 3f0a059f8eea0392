/// How rows animate when the list changes under them, as UIKit's and RecyclerView's do: rows
/// that stay slide from where they were shown to their new places (the rows below a removed one
/// close its gap) and inserted rows fade in. A removed row leaves at once: its content is the
/// host's, gone by the time the list hears of the change.
///
/// Every motion is a closed form of the time since its change (an ease-out over ``duration``),
/// so the same change shows the same positions at the same times at 30, 60 or 144 frames a
/// second. A change during a motion starts the next from where the row is shown at that
/// instant: nothing jumps.
///
/// Under reduced motion (``RefreshList/reducesMotion``) nothing slides: rows that stay show at
/// their new places at once, and inserted rows only fade in where they arrived.
public struct RowMotions: Sendable, Equatable {
  /// Seconds a change takes to animate (UIKit's and RecyclerView's are about a quarter second).
  public static let duration = 0.3

  /// A row's motion: shown `offset` points from its place and at `alpha`, both easing to
  /// (0, 1) from `start`.
  public struct Motion: Sendable, Equatable {
    public var offset: Double
    public var alpha: Double
    public var start: Double
  }

  /// The rows in motion, by index.
  public private(set) var rows: [Int: Motion] = [:]

  /// Nothing moving.
  public init() {}

  /// The ease-out at `t` seconds into a motion: 1 at the start, 0 once it is over.
  static func remaining(_ t: Double) -> Double {
    let s = min(max(t / duration, 0), 1)
    let u = 1 - s
    return u * u * u
  }

  /// How far from its place row `row` is shown at `time`, points.
  public func offset(ofRow row: Int, at time: Double) -> Double {
    guard let motion = rows[row] else { return 0 }
    return motion.offset * Self.remaining(time - motion.start)
  }

  /// How opaque row `row` is shown at `time`, 0…1.
  public func alpha(ofRow row: Int, at time: Double) -> Double {
    guard let motion = rows[row] else { return 1 }
    return 1 - (1 - motion.alpha) * Self.remaining(time - motion.start)
  }

  /// The largest distance any row is shown from its place at `time`: the rows drawn reach that
  /// far past the viewport.
  public func reach(at time: Double) -> Double {
    rows.keys.reduce(0) { max($0, abs(offset(ofRow: $1, at: time))) }
  }

  /// Whether anything still moves or fades at `time`.
  public func isActive(at time: Double) -> Bool {
    rows.values.contains { time - $0.start < Self.duration }
  }

  /// Drops what has finished by `time`.
  public mutating func settle(at time: Double) {
    rows = rows.filter { time - $0.value.start < Self.duration }
  }

  /// Rows moved: each row shown before the change at screen y `before[old]` (those near the
  /// viewport) now sits at `after(new)`; `newIndex` maps an old index to its new one (nil when
  /// the row was removed), `inserted` lists the new rows. Starts every motion at `time` from
  /// where the row is shown now; with `reducingMotion` no row slides (a fade under way goes on).
  mutating func change(
    shownBefore before: [Int: Double], newIndex: (Int) -> Int?, placeAfter after: (Int) -> Double,
    inserted: [Int], reducingMotion: Bool = false, at time: Double
  ) {
    var next: [Int: Motion] = [:]
    for (old, y) in before {
      guard let new = newIndex(old) else { continue }
      let offset = reducingMotion ? 0 : y - after(new)
      let alpha = alpha(ofRow: old, at: time)
      guard abs(offset) > 0.01 || alpha < 1 else { continue }
      next[new] = Motion(offset: offset, alpha: alpha, start: time)
    }
    for row in inserted { next[row] = Motion(offset: 0, alpha: 0, start: time) }
    rows = next
  }
}
