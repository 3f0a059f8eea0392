/// Where a front end draws the "N new" pill over a list, so that the list can tell a click on
/// it: the pill's size, centred across the list, and its gap below the list's top inset, all in
/// points. The model has no pill size of its own; the front end that draws the pill gives it
/// (RefreshSDL's `TableStyle.newRowsPill`).
public struct NewRowsPillPlacement: Sendable, Equatable {
  /// The pill's width, points.
  public var width: Double
  /// The pill's height, points.
  public var height: Double
  /// How far below the list's top inset (where its first row rests) the pill's top sits, points.
  public var gap: Double

  /// A pill `width` by `height` points, `gap` points below the top inset.
  public init(width: Double, height: Double, gap: Double) {
    self.width = width
    self.height = height
    self.gap = gap
  }
}
