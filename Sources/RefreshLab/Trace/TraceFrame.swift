import RefreshCore
import RefreshSDL

/// One line of `--trace`: the state of one rendered frame. The keys listed in README's
/// contract are all here with those exact names; the rest help plots and debugging. It decodes
/// as it encodes, so a trace reads back whole (`TraceReader`).
public struct TraceFrame: Codable, Sendable, Equatable {
  /// Frame time, seconds.
  public var t: Double
  /// Content y at the viewport's top.
  public var offset: Double
  /// Total top inset.
  public var insetTop: Double
  /// Total bottom inset.
  public var insetBottom: Double
  /// Height of all rows.
  public var contentHeight: Double
  /// Height of the viewport.
  public var viewportHeight: Double
  /// Rows in the list.
  public var rows: Int
  /// Header state name.
  public var header: String
  /// Footer state name.
  public var footer: String
  /// Header pull progress, 0…1.
  public var headerProgress: Double
  /// Footer pull progress, 0…1.
  public var footerProgress: Double
  /// Scroll velocity, points per second toward the end.
  public var velocity: Double
  /// How far the header is pulled into view, points.
  public var pullDistance: Double
  /// How far the header has come into view (the badge's travel in the overlay style), points.
  public var headerTravel: Double
  /// Header arrow angle, radians.
  public var headerArrowAngle: Double
  /// Footer arrow angle, radians.
  public var footerArrowAngle: Double
  /// Spinner rotation, turns.
  public var spinnerPhase: Double
  /// Whether a finger is on the content.
  public var dragging: Bool
  /// Whether the content moves on its own.
  public var animating: Bool
  /// Header label key.
  public var headerLabel: String
  /// Footer label key.
  public var footerLabel: String
  /// Which refresh produced the rows.
  public var generation: Int
  /// The row a tap selected, or null.
  public var selectedRow: SelectedRow
  /// The scrollbar: `hidden`, `shown` or `dragging` (its thumb held).
  public var scrollbar: String
  /// The first row whose bottom edge is below the viewport's top, or null without rows.
  public var firstRow: SelectedRow
  /// That row's top edge in viewport points (negative while it is partly scrolled off), or
  /// null without rows.
  public var firstRowY: NullableNumber
  /// Whether the frame was drawn under reduced motion (`--reduced-motion`, or the desktop's).
  public var reducedMotion: Bool

  /// The trace line for `snapshot` drawn at time `t` with `rows` rows of `generation`,
  /// `selectedRow` selected and the scrollbar `scrollbar`.
  public init(
    t: Double, snapshot s: RefreshSnapshot, rows: Int, generation: Int, selectedRow: Int?,
    scrollbar: ScrollbarVisibility, firstRow: (row: Int, y: Double)? = nil
  ) {
    self.t = t
    offset = Self.positiveZero(s.offset)
    insetTop = Self.positiveZero(s.inset.top)
    insetBottom = Self.positiveZero(s.inset.bottom)
    contentHeight = Self.positiveZero(s.contentHeight)
    viewportHeight = Self.positiveZero(s.viewportHeight)
    self.rows = rows
    header = s.header.rawValue
    footer = s.footer.rawValue
    headerProgress = Self.positiveZero(s.headerProgress)
    footerProgress = Self.positiveZero(s.footerProgress)
    velocity = Self.positiveZero(s.velocity)
    pullDistance = Self.positiveZero(s.pullDistance)
    headerTravel = Self.positiveZero(s.headerTravel)
    headerArrowAngle = Self.positiveZero(s.headerArrowAngle)
    footerArrowAngle = Self.positiveZero(s.footerArrowAngle)
    spinnerPhase = Self.positiveZero(s.spinnerPhase)
    dragging = s.isDragging
    animating = s.isAnimating
    headerLabel = s.headerLabel.rawValue
    footerLabel = s.footerLabel.rawValue
    self.generation = generation
    self.selectedRow = SelectedRow(row: selectedRow)
    self.scrollbar = scrollbar.rawValue
    self.firstRow = SelectedRow(row: firstRow?.row)
    firstRowY = NullableNumber(firstRow.map { Self.positiveZero($0.y) })
    reducedMotion = s.reducesMotion
  }
}

/// A number that encodes as `null` when there is none, so every trace line has the key.
public struct NullableNumber: Codable, Sendable, Equatable {
  /// The number, if any.
  public var value: Double?

  /// `value`, or none.
  public init(_ value: Double?) { self.value = value }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    value = container.decodeNil() ? nil : try container.decode(Double.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let value { try container.encode(value) } else { try container.encodeNil() }
  }
}

/// A selected row index that encodes as `null` when nothing is selected, so every trace line
/// has the key.
public struct SelectedRow: Codable, Sendable, Equatable {
  /// The row, if any.
  public var row: Int?

  /// The selection of `row`, or none.
  public init(row: Int?) { self.row = row }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    row = container.decodeNil() ? nil : try container.decode(Int.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let row { try container.encode(row) } else { try container.encodeNil() }
  }
}

extension TraceFrame {
  /// -0 becomes 0: the sign of zero carries no meaning here, and "-0" in a trace reads like
  /// a bug.
  static func positiveZero(_ value: Double) -> Double { value + 0 }
}

extension ListDriver {
  /// The trace line for the frame drawn at `t`, which showed `snapshot` of this session.
  public func traceFrame(_ snapshot: RefreshSnapshot, at t: Double) -> TraceFrame {
    TraceFrame(
      t: t, snapshot: snapshot, rows: dataSource.rowCount, generation: dataSource.generation,
      selectedRow: selection.row,
      scrollbar: ScrollbarVisibility(of: snapshot, in: mapper.viewport, state: mapper.scrollbar),
      firstRow: list.layout.row(atOffset: snapshot.offset).map {
        ($0, list.layout.top(ofRow: $0) - snapshot.offset)
      })
  }
}
