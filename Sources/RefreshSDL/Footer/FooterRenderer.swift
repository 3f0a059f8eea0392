import RefreshCore

/// Draws a table's load-more footer from the snapshot: a host implements it to show its own
/// footer, while the core keeps deciding when it loads, fails or has no more.
///
/// `TableView` calls it once per frame after the header, only while the footer shows
/// (``FooterFrame/barRect`` meets the table), with drawing clipped to the table's rectangle.
/// Without one, the table draws ``ClassicFooterRenderer``.
@MainActor
public protocol FooterRenderer: AnyObject {
  /// Draws the footer `frame` describes on `canvas`.
  func drawFooter(_ frame: FooterFrame, in canvas: RefreshCanvas) throws(SDLError)

  /// How often its picture changes while the list is still; by default at every frame, which
  /// is always right and never skips one.
  var redrawCadence: RedrawCadence { get }
}

extension FooterRenderer {
  /// At every frame: a renderer that says nothing is drawn whenever it shows.
  public var redrawCadence: RedrawCadence { .everyFrame }
}

/// What a footer renderer needs for one frame, in window points.
public struct FooterFrame: Sendable, Equatable {
  /// The core's snapshot: footer state, arrow angle, spinner phase, time.
  public var snapshot: RefreshSnapshot
  /// The table's rectangle.
  public var viewport: Rect

  /// A frame of `snapshot` drawn into `viewport`.
  public init(snapshot: RefreshSnapshot, viewport: Rect) {
    self.snapshot = snapshot
    self.viewport = viewport
  }

  /// The footer's state.
  public var state: FooterState { snapshot.footer }
  /// The core's time, seconds.
  public var time: Double { snapshot.time }

  /// The footer's bar, after the last row (or below a short list's viewport), scrolling with
  /// the content.
  public var barRect: Rect {
    Rect(
      x: viewport.x, y: viewport.y + snapshot.footerY - snapshot.offset, width: viewport.width,
      height: snapshot.footerHeight)
  }
}

/// The classic footer: a cyan bar with an arrow that turns as a release-to-load pull arms, a
/// spinner while loading, and the label ("Load more", "Loading…", "No more data").
@MainActor
public final class ClassicFooterRenderer: FooterRenderer {
  /// A classic footer.
  public init() {}

  /// Its spinner steps from spoke to spoke.
  public var redrawCadence: RedrawCadence { .spinnerSteps(ShapeBatch.spinnerSpokes) }

  public func drawFooter(_ frame: FooterFrame, in canvas: RefreshCanvas) throws(SDLError) {
    let snapshot = frame.snapshot
    try _ClassicBar.draw(
      frame.barRect, label: snapshot.footerLabel.text(in: canvas.language), detail: "",
      icon: Self.icon(snapshot), on: canvas)
  }

  static func icon(_ snapshot: RefreshSnapshot) -> _ClassicBar.Icon {
    switch snapshot.footer {
    // The footer's angle 0 points up; the arrow's points down.
    // Under reduced motion, as the header's: cross-faded, still (`ClassicHeaderRenderer.icon`).
    case .idle, .pulling, .armed:
      return snapshot.reducesMotion
        ? .fadedArrow(up: 1 - min(1, max(0, snapshot.footerArrowAngle / Double.pi)))
        : .arrow(angle: snapshot.footerArrowAngle + Double.pi)
    case .loading:
      return snapshot.reducesMotion
        ? .stillSpinner(phase: snapshot.spinnerPhase) : .spinner(phase: snapshot.spinnerPhase)
    case .failed, .noMoreData, .hidden: return .none
    }
  }
}
