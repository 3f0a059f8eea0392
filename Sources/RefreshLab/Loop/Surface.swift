import RefreshCore
import RefreshSDL

/// What a frame is drawn on: the shell's renderer and table view, headless or in a window.
@MainActor
final class Surface {
  let renderer: Renderer
  let tableView: TableView
  let clock: LastUpdatedClock
  /// The window, when there is one.
  let window: Window?
  /// Where the tables go: one, or two side by side for `--compare`.
  let layout: CompareLayout
  /// SDL itself, kept open as long as the surface.
  let sdl: SDLSession

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
    do throws(SDLError) {
      tableView = try TableView(
        renderer: renderer, fonts: try FontLocator.locate(), language: options.language)
    } catch {
      throw .shell(error.description)
    }
  }

  /// Height of one row, points.
  var rowHeight: Double { tableView.style.rowHeight }

  /// The table's rectangle in its own coordinates: the whole drawable, or one side of it when
  /// comparing.
  var tableRect: Rect {
    layout.tableViewport(width: renderer.size.width, height: renderer.size.height)
  }

  /// Draws the session's current frame (not yet presented).
  func draw(_ lab: LabSession) throws(LabError) {
    let snapshot = lab.controller.snapshot
    do throws(SDLError) {
      // A lone table paints every pixel itself; clearing first would be one more full pass.
      try renderer.beginFrame(clearingTo: layout.isComparing ? tableView.style.background : nil)
      // Formatting the date costs more than drawing the header: only when the header shows.
      let headerShows = snapshot.headerY + snapshot.headerHeight > snapshot.offset
      try tableView.draw(
        snapshot, dataSource: LabRows(dataSource: lab.dataSource, language: tableView.language),
        lastUpdated: headerShows ? clock.line(for: snapshot.lastUpdated) : "",
        in: layout.tableFrames(width: renderer.size.width, height: renderer.size.height)[0],
        selectedRow: lab.selection.row, scrollbar: lab.mapper.scrollbar)
    } catch {
      throw .shell(error.description)
    }
  }

  /// Saves the frame drawn as a PNG.
  func save(to path: String) throws(LabError) {
    do throws(SDLError) {
      try renderer.savePNG(to: path)
    } catch {
      throw .shell(error.description)
    }
  }

  /// Shows the frame drawn.
  func present() { renderer.present() }
}
