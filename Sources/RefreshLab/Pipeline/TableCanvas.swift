import FoundationEssentials
import RefreshCore
import RefreshSDL

/// What a frame is drawn on: the shell's renderer and the table view that draws the measured
/// table, headless or in a window.
///
/// The lab hosts its tables' state as any host does, in a `RefreshList` (`ListDriver`, so that
/// replays are exact), and draws that list with the same call `RefreshListView` draws with
/// (`TableView.draw(_:showing:rows:lastUpdatedText:)`), with no copy of it anywhere else.
@MainActor
final class TableCanvas {
  let renderer: Renderer
  /// Draws the measured table.
  let tableView: TableView
  let clock: LastUpdatedClock
  /// The window, when there is one.
  let window: Window?
  /// Where the tables go: one, or two side by side for `--compare`.
  let layout: CompareLayout
  /// SDL itself, kept open as long as the surface.
  let sdl: SDLSession
  /// The animated headers the panel can pick.
  private(set) var headers: LabHeaders
  /// The registry name of the header drawn now.
  private(set) var headerName = LabHeaders.defaultName
  /// Whether the tuning panel is docked at the window's right edge, beside the tables.
  var isPanelDocked = false
  /// The strip the window keeps below the tables for the status line and the start hint while
  /// they show, points: what the lab says covers no row.
  var bottomStrip = 0.0
  /// The data source's generation last drawn: rows of another generation read differently.
  private var drawnGeneration: Int?
  /// The feed's rows, when the rows are a feed (`--rows-style varied`, `--feed`).
  let feedRows: FeedRowRenderer?
  /// The rows' texts, kept from frame to frame.
  let rowTexts = RowTexts()
  /// The feed's images.
  let images: ImageCache

  /// A headless surface with room for tables of `options.size` points (two with `--compare`).
  convenience init(options: LabOptions, clock: LastUpdatedClock) throws(LabError) {
    let session: SDLSession
    let renderer: Renderer
    let size = CompareLayout(options).windowSize(forTable: options.size)
    do throws(SDLError) {
      session = try SDLSession(mode: .headless)
      renderer = try Renderer(session: session, headlessWidth: size.width, height: size.height)
    } catch {
      throw .shell(error.description)
    }
    try self.init(
      session: session, window: nil, renderer: renderer, options: options, clock: clock)
  }

  init(
    session: SDLSession, window: Window?, renderer: Renderer, options: LabOptions,
    clock: LastUpdatedClock
  ) throws(LabError) {
    self.sdl = session
    self.window = window
    self.renderer = renderer
    self.clock = clock
    layout = CompareLayout(options)
    let fonts: FontFiles
    do throws(SDLError) {
      fonts = try FontLocator.locate()
      tableView = try TableView(renderer: renderer, fonts: fonts, language: options.language)
    } catch {
      throw .shell(error.description)
    }
    let images = ImageCache(renderer: renderer)
    // Without a window nothing waits on the clock: a replay decodes each image as it is asked
    // for, so that its rows measure the same on every run.
    images.decodesImmediately = window == nil
    self.images = images
    feedRows = options.feed.map { FeedRowRenderer(feed: $0, images: images) }
    tableView.rowRenderer = feedRows
    tableView.secondFloorRenderer = SecondFloorPage()
    // The lab's own animations ship in Assets/Headers, found as the fonts once were.
    let assets = FontLocator.assetsFolder(containing: "Headers/pull.gif")
    let chosenFile = options.header.flatMap { LabHeaders.registry.entry(forFile: $0) != nil ? $0 : nil }
    headers = LabHeaders(chosenFile: chosenFile, assetsFolder: assets ?? "Assets")
    if let value = options.header {
      try useHeader(LabHeaders.entry(forFlag: value).name)
    }
  }

  /// Draws the header the registry calls `name` from now on (loading its animation the first
  /// time).
  func useHeader(_ name: String) throws(LabError) {
    let renderer = try headers.renderer(named: name)
    // Without a window nothing waits on the clock: a replay draws each animation frame exactly,
    // waiting for a Lottie frame still rendering (never past its render budget).
    (renderer as? AnimatedHeaderRenderer)?.waitsForFrames = window == nil
    tableView.headerRenderer = renderer
    headerName = name
    refusalReported = false
  }

  private var refusalReported = false

  /// Why the animated header drawn now was refused after it loaded (its Lottie frames did not
  /// all render within their budget), once: the header draws as the classic one from then on.
  func takeHeaderRefusal() -> LabError? {
    guard !refusalReported, let animated = tableView.headerRenderer as? AnimatedHeaderRenderer,
      let refusal = animated.refusal
    else { return nil }
    refusalReported = true
    return .badHeader(path: headers.path(for: headerName) ?? headerName, message: refusal.description)
  }

  /// Height of a row not measured yet, points: the style's, or a feed post's usual height.
  var rowHeight: Double { feedRows == nil ? tableView.style.rowHeight : 96 }

  /// Takes in the images decoded since the last frame; returns the rows that showed them, to
  /// measure again (a file's image has its own shape once decoded). Once a frame, before
  /// `measure`.
  func collectImages() -> [Int] {
    let arrived = images.collect()
    guard !arrived.isEmpty else { return [] }
    for failure in images.takeFailures() {
      let name = failure.source.hasPrefix("file:") ? String(failure.source.dropFirst(5)) : failure.source
      RefreshLabApp.report("image \(name): \(failure.reason); its row shows a placeholder")
    }
    // The rows that drew a placeholder for them are drawn again; the rest moves as it would.
    let rows = feedRows?.rows(forImages: arrived) ?? []
    tableView.rowsChanged(rows)
    return rows
  }

  /// Measures the rows of `lab` about to show (and `arrivals`, whose images came) at `time`:
  /// after stepping the session, before taking the frame's snapshot.
  func measure(_ lab: inout ListDriver, at time: Double, arrivals: [Int] = []) {
    guard let feedRows else { return }
    if drawnGeneration != lab.dataSource.generation { feedRows.forgetRows() }
    if !arrivals.isEmpty { lab.remeasure(rows: arrivals, at: time) }
    let rows = LabRows(dataSource: lab.dataSource, language: tableView.language)
    let canvasWidth = lab.viewport.width
    let view = tableView
    lab.measureRows(at: time) { row in
      view.rowHeight(ofRow: row, rows: rows, width: canvasWidth)
    }
  }

  /// The tables' share of a window `width` points wide: all of it, or what the docked panel
  /// leaves them.
  func tablesWidth(inWindowWidth width: Double) -> Double {
    isPanelDocked ? PanelLayout.listWidth(windowWidth: width) : width
  }

  /// The tables' frames in a window `width` × `height` points, beside the docked panel if open.
  func tableFrames(windowWidth width: Double, height: Double) -> [Rect] {
    layout.tableFrames(width: tablesWidth(inWindowWidth: width), height: max(0, height - bottomStrip))
  }

  /// Where table `index` (0 measured, 1 compared) sits in the window.
  func tableOrigin(_ index: Int) -> Point {
    let frames = tableFrames(windowWidth: renderer.size.width, height: renderer.size.height)
    let frame = frames[min(index, frames.count - 1)]
    return Point(x: frame.x, y: frame.y)
  }

  /// The table's rectangle in its own coordinates: the whole drawable, or one side of it when
  /// comparing.
  var tableRect: Rect {
    layout.tableViewport(
      width: tablesWidth(inWindowWidth: renderer.size.width),
      height: max(0, renderer.size.height - bottomStrip))
  }

  /// Draws `frame` of the session (not yet presented). With `changesOnly`, the frame is drawn
  /// over the last one, the table drawing only what changed: the caller says so only when
  /// nothing else drew over the table last frame or draws over it in this one.
  func draw(_ lab: ListDriver, _ frame: FrameSnapshots, changesOnly: Bool = false) throws(LabError) {
    do throws(SDLError) {
      if drawnGeneration != lab.dataSource.generation {
        tableView.rowsChanged()
        drawnGeneration = lab.dataSource.generation
      }
      if changesOnly && !layout.isComparing {
        try renderer.beginPartialFrame()
      } else {
        // A lone table paints every pixel itself; clearing first would be one more full pass.
        try renderer.beginFrame(clearingTo: layout.isComparing ? tableView.style.background : nil)
      }
      try draw(lab, showing: frame.table, with: tableView)
    } catch {
      throw .shell(error.description)
    }
  }

  /// Draws `lab`'s table with `view` as `snapshot` shows it (the session stepped to its time).
  func draw(
    _ lab: ListDriver, showing snapshot: RefreshSnapshot, with view: TableView
  ) throws(SDLError) {
    try view.draw(
      lab.list, showing: snapshot,
      rows: LabRows(dataSource: lab.dataSource, language: view.language, texts: rowTexts),
      lastUpdatedText: { [clock] time in clock.line(for: time) })
  }

  /// Saves the frame drawn as a PNG, atomically (see `AtomicFile`).
  func save(to path: String) throws(LabError) {
    let png: [UInt8]
    do throws(SDLError) {
      png = try renderer.pngData()
    } catch {
      throw .shell(error.description)
    }
    try AtomicFile.write(Data(png), to: path)
  }

  /// Shows the frame drawn.
  func present() { renderer.present() }
}
