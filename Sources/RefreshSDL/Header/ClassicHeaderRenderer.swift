import RefreshCore

/// The classic header: a cyan bar with an arrow that turns as the pull arms, a spinner while
/// refreshing, a check or cross with the result, and the label with its "last updated" line.
/// It follows the snapshot's `headerStyle`: riding above row 0 (`translate`), fixed behind the
/// rows (`fixedBehind`) or filling the opened gap (`scale`). While the second floor is open the
/// bar fills the viewport.
@MainActor
public final class ClassicHeaderRenderer: HeaderRenderer {
  /// A classic header.
  public init() {}

  /// Its spinner steps from spoke to spoke; its arrow turns, and its label changes, with the
  /// snapshot.
  public var redrawCadence: RedrawCadence { .spinnerSteps(ShapeBatch.spinnerSpokes) }

  public func drawHeader(_ frame: HeaderFrame, in canvas: RefreshCanvas) throws(SDLError) {
    let snapshot = frame.snapshot
    let height = snapshot.headerHeight
    guard height > 0 else { return }
    let rect = frame.viewport
    let label = snapshot.headerLabel.text(in: canvas.language)
    let icon = Self.icon(snapshot)
    let top = frame.top
    let rowZero = frame.rowZeroY
    if snapshot.header == .twoLevel {
      // The second floor: the bar grows with the gap until it fills the viewport.
      let shown = frame.revealedRect
      guard shown.height > 0 else { return }
      try _ClassicBar.draw(
        shown, label: label, detail: "", icon: .none, scale: min(1, shown.height / height),
        on: canvas)
      try Self.drawWayBack(in: shown, headerHeight: height, on: canvas)
      return
    }
    switch snapshot.headerStyle {
    case .translate:
      // The header scrolls with the content: nothing to draw once its bottom is above the top.
      let bar = frame.barRect
      guard bar.maxY > rect.y, bar.y < rect.maxY else { return }
      try _ClassicBar.draw(bar, label: label, detail: frame.lastUpdated, icon: icon, on: canvas)
    case .fixedBehind:
      // The bar stays put; only the strip the rows have slid off shows.
      let shown = Rect(x: rect.x, y: top, width: rect.width, height: min(height, rowZero - top))
        .intersection(rect)
      guard shown.height > 0, shown.width > 0 else { return }
      // The icon is drawn under this clip too, not with the frame's other shapes.
      try canvas.clipped(to: shown) { () throws(SDLError) in
        try _ClassicBar.draw(
          Rect(x: rect.x, y: top, width: rect.width, height: height), label: label,
          detail: frame.lastUpdated, icon: icon, on: canvas)
      }
    case .scale, .overlay:
      // The bar fills the gap above row 0, its contents growing until the gap is its height
      // (`overlay` normally goes to the badge; a host choosing this renderer gets the gap).
      let gap = rowZero - top
      guard gap > 0, top < rect.maxY else { return }
      if snapshot.reducesMotion, snapshot.headerStyle == .scale {
        // Reduced motion: the bar at its own size, uncovered as the gap opens, never growing.
        let shown = Rect(x: rect.x, y: top, width: rect.width, height: gap).intersection(rect)
        guard shown.height > 0, shown.width > 0 else { return }
        let bar = HeaderFrame.unscaledBar(gap: gap, rowZeroY: rowZero, height: height, in: rect)
        try canvas.clipped(to: shown) { () throws(SDLError) in
          try _ClassicBar.draw(bar, label: label, detail: frame.lastUpdated, icon: icon, on: canvas)
        }
        return
      }
      try _ClassicBar.draw(
        Rect(x: rect.x, y: top, width: rect.width, height: gap), label: label,
        detail: frame.lastUpdated, icon: icon, scale: min(1, gap / height), on: canvas)
    }
  }

  /// Once the floor is open (the bar three headers tall or more), the way back at its bottom:
  /// an arrow up and the words, where the closing drag starts.
  static func drawWayBack(in floor: Rect, headerHeight: Double, on canvas: RefreshCanvas)
    throws(SDLError)
  {
    guard floor.height >= 3 * headerHeight else { return }
    guard
      let words = try canvas.text(
        canvas.language.secondFloorWayBack, .detail, color: canvas.style.barDetailColor)
    else { return }
    let ink = canvas.style.barInkColor
    let centerY = floor.maxY - headerHeight / 2
    let arrow = 14.0
    let left = floor.midX - (words.width + arrow + 8) / 2
    canvas.drawArrow(
      center: Point(x: left + arrow / 2, y: centerY), length: arrow, angle: Double.pi, color: ink)
    try canvas.draw(words, at: Point(x: left + arrow + 8, y: centerY - words.height / 2))
  }

  /// The bar's icon. Under reduced motion nothing turns: the arrow cross-fades from down to up
  /// as it arms (iOS's Reduce Motion swaps motion for a dissolve the same way) and the spinner
  /// stands still, its opacity breathing so the refresh still reads as under way.
  static func icon(_ snapshot: RefreshSnapshot) -> _ClassicBar.Icon {
    let still = snapshot.reducesMotion
    switch snapshot.header {
    case .idle, .pulling, .armed:
      return still
        ? .fadedArrow(up: min(1, max(0, snapshot.headerArrowAngle / Double.pi)))
        : .arrow(angle: snapshot.headerArrowAngle)
    case .refreshing:
      return still ? .stillSpinner(phase: snapshot.spinnerPhase) : .spinner(phase: snapshot.spinnerPhase)
    case .twoLevel: return .none
    case .finishing:
      switch snapshot.headerResult {
      case .success: return .check
      case .failure: return .cross
      case nil: return .none
      }
    }
  }
}
