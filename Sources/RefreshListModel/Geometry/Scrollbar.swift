import RefreshCore

/// The overlay scrollbar of a table: where its thumb is for a snapshot, and which offset a thumb
/// position stands for. A pure value computed per frame from the snapshot, so drawing and
/// grabbing always agree.
///
/// It looks and behaves like GTK's overlay indicator (Adwaita's stylesheet): a 3 pt line that
/// widens under the pointer, a thumb never shorter than 40 pt, a track that pages toward a click.
/// Unlike iOS's indicator the thumb does not shrink when the content is pulled past an edge: it
/// stays a usable handle, pinned to the end of its track.
public struct Scrollbar: Sendable, Equatable {
  /// Width of the idle line, points (GTK's overlay indicator: 3 px).
  public static let thinWidth = 3.0
  /// Width of the thumb under the pointer or held, points (GTK: a 6 px slider in a 12 px band).
  public static let wideWidth = 6.0
  /// Width of the band along the right edge that the pointer widens and grabs, points: GTK
  /// widens its band when the pointer comes within 17 px of the edge.
  public static let hitWidth = 17.0
  /// Space between the thumb and the viewport's edges, points.
  public static let margin = 3.0
  /// The shortest thumb, points (GTK: `scrollbar.vertical slider { min-height: 40px }`).
  public static let minimumThumbLength = 40.0

  /// The table's rectangle the scrollbar overlays.
  public var frame: Rect
  /// Offsets from the top rest edge to the bottom one: what the thumb's travel spans.
  public var range: ClosedRange<Double>
  /// The thumb's top edge and length, in the frame's coordinates (window points).
  public var thumbTop: Double
  public var thumbLength: Double

  /// The scrollbar of `snapshot` drawn in `frame`; nil when the content does not scroll.
  public init?(_ snapshot: RefreshSnapshot, in frame: Rect) {
    let range = snapshot.restBounds
    let scrollable = range.upperBound - range.lowerBound
    let trackLength = frame.height - 2 * Self.margin
    guard scrollable > 0.5, trackLength > Self.minimumThumbLength / 2 else { return nil }
    let total = snapshot.contentHeight + snapshot.inset.top + snapshot.inset.bottom
    self.frame = frame
    self.range = range
    thumbLength = min(
      trackLength, max(Self.minimumThumbLength, trackLength * frame.height / max(total, 1)))
    let fraction = min(max((snapshot.offset - range.lowerBound) / scrollable, 0), 1)
    thumbTop = frame.y + Self.margin + fraction * (trackLength - thumbLength)
  }

  /// How far the thumb's top can move, points.
  public var travel: Double { frame.height - 2 * Self.margin - thumbLength }

  /// The band along the right edge that widens under the pointer and takes its presses.
  public var band: Rect {
    Rect(x: frame.maxX - Self.hitWidth, y: frame.y, width: Self.hitWidth, height: frame.height)
  }

  /// The offset that puts the thumb's top at `top`: proportional, and within the bounds.
  public func offset(forThumbTop top: Double) -> Double {
    guard travel > 0 else { return range.lowerBound }
    let fraction = min(max((top - frame.y - Self.margin) / travel, 0), 1)
    return range.lowerBound + fraction * (range.upperBound - range.lowerBound)
  }

  /// Whether window point `y` (inside the band) falls on the thumb.
  public func thumbContains(y: Double) -> Bool {
    y >= thumbTop && y < thumbTop + thumbLength
  }

  /// The thumb's rectangle at `width`, against the right edge.
  public func thumb(width: Double) -> Rect {
    Rect(
      x: frame.maxX - Self.margin - width, y: thumbTop, width: width, height: thumbLength)
  }
}
