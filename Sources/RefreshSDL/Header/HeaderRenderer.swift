import RefreshCore

/// Draws a table's refresh header from the snapshot: a host implements it to show its own
/// header (an animation, a logo), while the core keeps deciding every state and position.
///
/// `TableView` calls it once per frame, after the rows and before the footer, with drawing
/// clipped to the table's rectangle, and hands it a ``RefreshCanvas``: what the built-in
/// renderers draw with too. Without one, the table draws the tuning's `headerStyle`:
/// ``ClassicHeaderRenderer`` for the styles that move the content,
/// ``MaterialBadgeHeaderRenderer`` for `overlay`.
@MainActor
public protocol HeaderRenderer: AnyObject {
  /// Draws the header `frame` describes on `canvas`.
  func drawHeader(_ frame: HeaderFrame, in canvas: RefreshCanvas) throws(SDLError)

  /// How often its picture changes while the list is still; by default at every frame, which
  /// is always right and never skips one.
  var redrawCadence: RedrawCadence { get }
}

extension HeaderRenderer {
  /// At every frame: a renderer that says nothing is drawn whenever it shows.
  public var redrawCadence: RedrawCadence { .everyFrame }
}

/// What a header renderer needs for one frame, in window points.
public struct HeaderFrame: Sendable, Equatable {
  /// The core's snapshot: state, progress, result, spinner phase, time.
  public var snapshot: RefreshSnapshot
  /// The table's rectangle.
  public var viewport: Rect
  /// The "last updated" line, already formatted.
  public var lastUpdated: String

  /// A frame of `snapshot` drawn into `viewport`.
  public init(snapshot: RefreshSnapshot, viewport: Rect, lastUpdated: String) {
    self.snapshot = snapshot
    self.viewport = viewport
    self.lastUpdated = lastUpdated
  }

  /// The header's state.
  public var state: HeaderState { snapshot.header }
  /// Pull over the threshold, 0…1 (1 while refreshing).
  public var progress: Double { snapshot.headerProgress }
  /// How far the header is pulled into view, points.
  public var pullDistance: Double { snapshot.pullDistance }
  /// The core's time, seconds.
  public var time: Double { snapshot.time }

  /// Top of the viewport below the app's own inset: where fixed headers sit.
  public var top: Double { viewport.y + snapshot.baselineInset.top }

  /// Screen y of row 0's top edge.
  public var rowZeroY: Double { viewport.y - snapshot.offset }

  /// The header's own bar where it rides above row 0, scrolling with the content.
  public var barRect: Rect {
    Rect(
      x: viewport.x, y: viewport.y + snapshot.headerY - snapshot.offset, width: viewport.width,
      height: snapshot.headerHeight)
  }

  /// Whether the person asked for reduced motion (`RefreshSnapshot.reducesMotion`): a
  /// renderer then shows the frame the progress names without looping it, and does not scale.
  public var reducesMotion: Bool { snapshot.reducesMotion }

  /// The `scale` style's bar under reduced motion: the header's own height (or the gap, when
  /// the pull opened more), its bottom on row 0's top, so the gap uncovers it unscaled.
  static func unscaledBar(gap: Double, rowZeroY: Double, height: Double, in viewport: Rect) -> Rect {
    let barHeight = max(height, gap)
    return Rect(x: viewport.x, y: rowZeroY - barHeight, width: viewport.width, height: barHeight)
  }

  /// The strip a pull has opened between the top and row 0 (empty when nothing shows). While
  /// the second floor is open it is the whole viewport below the app's inset.
  public var revealedRect: Rect {
    let bottom = min(rowZeroY, viewport.maxY)
    return Rect(x: viewport.x, y: top, width: viewport.width, height: max(0, bottom - top))
  }
}
