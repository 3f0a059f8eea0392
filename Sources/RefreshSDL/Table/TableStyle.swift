/// How a `TableView` looks: sizes in points and colours.
public struct TableStyle: Sendable, Equatable {
  /// Row height (44 is UIKit's default).
  public var rowHeight = 44.0
  /// Space left of the row text and of the separators.
  public var horizontalPadding = 16.0

  /// Behind everything that is not a row or a bar (seen when pulled past the header).
  public var background = Color(rgb: 0xEEF1F4)
  /// Row fill.
  public var rowBackground = Color(rgb: 0xFFFFFF)
  /// Fill of the selected row: a pale tint of the bars' cyan.
  public var selectedRowBackground = Color(rgb: 0xCDEFF4)
  /// The hairline between rows.
  public var separator = Color(rgb: 0xDDE1E6)
  /// Row title text.
  public var titleColor = Color(rgb: 0x1C1C1E)
  /// Row subtitle text.
  public var subtitleColor = Color(rgb: 0x8A8F98)
  /// Header and footer fill.
  public var barColor = Color(rgb: 0x00BCD4)
  /// Header and footer label, arrow and spinner.
  public var barInkColor = Color(rgb: 0x08363F)
  /// The header's "last updated" line.
  public var barDetailColor = Color(rgb: 0x0E4E5A)
  /// The overlay header's round badge (Material's spinner disc).
  public var badgeColor = Color(rgb: 0xFFFFFF)
  /// The badge's shadow, a disc a little larger and lower.
  public var badgeShadow = Color(red: 0, green: 0, blue: 0, alpha: 48)
  /// The badge's diameter (SwipeRefreshLayout's CIRCLE_DIAMETER, 40 dp).
  public var badgeDiameter = 40.0
  /// The scrollbar's thumb at full opacity.
  public var indicatorColor = Color(red: 0, green: 0, blue: 0, alpha: 110)
  /// The scrollbar's track, behind the widened thumb.
  public var scrollbarTrackColor = Color(red: 0, green: 0, blue: 0, alpha: 22)

  /// Height of a section's header row.
  public var sectionHeaderHeight = 28.0
  /// The "N new" pill's size, and its gap below where the first row rests, points (the list
  /// tells a click on it by these too).
  public var newRowsPill = NewRowsPillPlacement(width: 132, height: 32, gap: 10)
  /// A section header's fill (and the pinned header's).
  public var sectionHeaderBackground = Color(rgb: 0xF2F4F7)
  /// A section header's text.
  public var sectionHeaderColor = Color(rgb: 0x5A6270)

  /// Row title size (drawn emboldened).
  public var titleSize = 15.0
  /// Row subtitle size.
  public var subtitleSize = 12.0
  /// Size of a row's body text (``RefreshCanvas/TextRole/body``), regular.
  public var bodySize = 14.0
  /// Bar label size (drawn emboldened).
  public var labelSize = 14.5
  /// Size of the "last updated" line.
  public var detailSize = 11.5

  /// The default look: white rows, light grey separators, cyan bars with dark ink.
  public init() {}
}
