import RefreshCore
import RefreshSDL

/// What a window frame would show, so that the loop can skip a frame identical to the last one
/// drawn: the pause before the scroll indicator fades, a refresh's result held on screen, a
/// pointer moving over a list at rest. Stepping the session costs microseconds; drawing and
/// presenting a frame cost a great deal more.
///
/// It holds everything the tables draw from (their snapshots, less the clock and the velocity,
/// and which rows they show) and the studio's own lines. Overlays that change on their own
/// (the panel, the live plot) are not compared: the loop draws every frame while they show.
struct FrameContent: Equatable {
  struct Rows: Equatable {
    var count: Int
    var generation: Int
    /// The highlighted row and what the pointer does to the scrollbar (a hover widens it).
    var selectedRow: Int?
    var scrollbar: ScrollbarState
    /// Where the rows sit (a row measured or resized moves those below it) and which is pressed.
    var layout: Int
    var pressedRow: Int?
    /// The time while rows slide or fade after a change.
    var motionTime: Double?

    init(_ session: ListDriver) {
      layout = session.list.layout.revision
      pressedRow = session.list.pressedRow
      let time = session.controller.snapshot.time
      motionTime = session.list.motions.isActive(at: time) ? time : nil
      count = session.dataSource.rowCount
      generation = session.dataSource.generation
      selectedRow = session.selection.row
      scrollbar = session.mapper.scrollbar
    }
  }

  var table: RefreshSnapshot
  var rows: Rows
  var compared: RefreshSnapshot?
  var comparedRows: Rows?
  var status: String?
  /// The slow-motion factor the status line shows.
  var slowMotion: Double
  var width: Double
  var height: Double
  var scale: Double
  /// How many row images have arrived: each one shows.
  var imagesArrived: Int
  /// The discs of `--show-touches`: a finger moving over still content moves its disc.
  var touches: [Point]

  /// The content of `frame` of `session` (and the compared `companion`), with the studio's
  /// `status` line and `slowMotion` factor, on a drawable `width` × `height` points at `scale`.
  init(
    _ frame: FrameSnapshots, of session: ListDriver, companion: ListDriver?, status: String?,
    slowMotion: Double, width: Double, height: Double, scale: Double, imagesArrived: Int = 0,
    spinnerSteps: Int? = nil, touches: [Point] = []
  ) {
    self.imagesArrived = imagesArrived
    self.touches = touches
    table = Self.drawn(frame.table, scale: scale)
    // A spinner drawn in steps (the built-in one from spoke to spoke, a host's as its renderer
    // says) shows nothing new within a step. One that may draw every phase is left as it is.
    if let spinnerSteps {
      table.spinnerPhase = TableView.spinnerStep(table.spinnerPhase, steps: spinnerSteps)
    }
    rows = Rows(session)
    compared = frame.compared.map { Self.drawn($0, scale: scale) }
    comparedRows = companion.map(Rows.init)
    self.status = status
    self.slowMotion = slowMotion
    self.width = width
    self.height = height
    self.scale = scale
  }

  /// The snapshot less what is never drawn: the core's clock, the velocity, whether it moves
  /// and the offset within a pixel (the table draws the content at whole pixels), so the end
  /// of a fling or a bounce, moving less than a pixel a frame, draws only the frames that move.
  private static func drawn(_ snapshot: RefreshSnapshot, scale: Double) -> RefreshSnapshot {
    var copy = snapshot
    copy.time = 0
    copy.velocity = 0
    copy.isAnimating = false
    copy.isDragging = false
    copy.offset = TableView.drawnOffset(snapshot.offset, scale: scale)
    return copy
  }
}
