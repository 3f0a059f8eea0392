import RefreshCore

/// Material's header (SwipeRefreshLayout): a round badge pulled down over the still rows, its
/// arc growing into an arrow with the pull and turning as a spinner while refreshing (under
/// reduced motion, still and breathing).
@MainActor
public final class MaterialBadgeHeaderRenderer: HeaderRenderer {
  /// A Material badge header.
  public init() {}

  public func drawHeader(_ frame: HeaderFrame, in canvas: RefreshCanvas) throws(SDLError) {
    let snapshot = frame.snapshot
    let style = canvas.style
    guard let (center, radius) = Self.drawBadge(frame, on: canvas) else { return }
    let ink = style.barColor
    let arc = radius * 0.42
    let stroke = radius * 0.14
    switch snapshot.header {
    case .idle, .pulling, .armed, .twoLevel:
      // Material's arrow: an arc up to 80 % of a turn, its head growing with the pull.
      let progress = snapshot.headerProgress
      let start = -0.25 + 0.4 * progress
      let sweep = max(0.02, 0.8 * progress)
      canvas.strokeArc(
        center: center, radius: arc, startTurn: start, sweepTurns: sweep, width: stroke, color: ink)
      canvas.fillArcHead(
        center: center, radius: arc, atTurn: start + sweep, size: stroke * 2.6 * progress, color: ink)
    case .refreshing where snapshot.reducesMotion:
      // Reduced motion: the arc stands still, its opacity breathing, as the classic spinner's.
      canvas.strokeArc(
        center: center, radius: arc, startTurn: -0.25, sweepTurns: 0.7, width: stroke,
        color: _ClassicBar.faded(ink, _ClassicBar.breathing(snapshot.spinnerPhase)))
    case .refreshing:
      canvas.strokeArc(
        center: center, radius: arc, startTurn: snapshot.spinnerPhase, sweepTurns: 0.7, width: stroke,
        color: ink)
    case .finishing:
      switch snapshot.headerResult {
      case .success: canvas.drawCheckmark(center: center, size: arc * 2, color: ink)
      case .failure: canvas.drawCross(center: center, size: arc * 2, color: ink)
      case nil: break
      }
    }
  }

  /// Draws the badge's disc and shadow where the pull has brought it; returns its centre and
  /// radius, or nil while it is out of view. What any header drawn in the badge starts with.
  public static func drawBadge(_ frame: HeaderFrame, on canvas: RefreshCanvas)
    -> (center: Point, radius: Double)?
  {
    let style = canvas.style
    let travel = frame.snapshot.headerTravel
    let radius = style.badgeDiameter / 2
    // It starts just above the top edge, so any travel brings it in.
    let center = Point(x: frame.viewport.midX, y: frame.top - radius + travel)
    guard travel > 0, center.y + radius > frame.viewport.y else { return nil }
    canvas.fillCircle(
      center: Point(x: center.x, y: center.y + 1.5), radius: radius + 1, color: style.badgeShadow)
    canvas.fillCircle(center: center, radius: radius, color: style.badgeColor)
    return (center, radius)
  }
}
