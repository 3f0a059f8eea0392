import RefreshSDL

/// The colours of the motion charts: one ink for the measured curves, one for the compared
/// table, red for the arming threshold, and a hue per state band (the bars' cyan for busy).
enum PlotPalette {
  static let paper = Color(rgb: 0xFFFFFF)
  static let stripFill = Color(rgb: 0xF7F8FA)
  static let stripBorder = Color(rgb: 0xC9CED6)
  static let grid = Color(rgb: 0xE3E6EB)
  static let ink = Color(rgb: 0x24292F)
  static let mutedInk = Color(rgb: 0x5F6873)

  /// The curve of the table being measured (the left one when comparing).
  static let curve = Color(rgb: 0x1565C0)
  /// The compared table's curve.
  static let compareCurve = Color(rgb: 0xEF6C00)
  /// The previous run, drawn behind the live one after an edit.
  static let ghostCurve = Color(red: 21, green: 101, blue: 192, alpha: 90)
  /// The pull distance at which the header arms.
  static let threshold = Color(rgb: 0xD32F2F)
  /// Where the content settles.
  static let rest = Color(rgb: 0x607D8B)
  /// Zero velocity and the frame budget.
  static let reference = Color(rgb: 0x9AA3AD)

  /// The band behind frames in `band`; nil for none.
  static func color(for band: PlotBand) -> Color? {
    switch band {
    case .none: nil
    case .pulling: Color(red: 126, green: 87, blue: 194, alpha: 38)
    case .armed: Color(red: 126, green: 87, blue: 194, alpha: 105)
    case .busy: Color(red: 0, green: 188, blue: 212, alpha: 80)
    case .succeeded: Color(red: 67, green: 160, blue: 71, alpha: 95)
    case .failed: Color(red: 229, green: 57, blue: 53, alpha: 95)
    }
  }

  /// What the legend calls each band.
  static func name(for band: PlotBand) -> String {
    switch band {
    case .none: "idle"
    case .pulling: "pulling"
    case .armed: "armed"
    case .busy: "refreshing / loading"
    case .succeeded: "finished"
    case .failed: "failed"
    }
  }
}
