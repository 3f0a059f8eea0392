import RefreshCore
import RefreshSDL
import Testing

/// A list in a host's window drawn as only what changed against the same list drawn whole
/// every frame: at 1× and at 2× (HiDPI), through a pull, a fling, wheel steps, a refresh whose
/// rows change and a resize, every frame holds the very same pixels. Changes land either on the
/// last frame (the host starts each frame with `beginPartialFrame()` and draws its sidebar only
/// when it changes) or in the list's content texture, copied into a frame the host clears whole
/// each time, as on a GPU renderer. A host may also draw over the list (a translucent badge that
/// moves, then goes) when it tells the list so (`TableView.drawnOver`).
@Suite(.serialized)
@MainActor
struct ChangedFrameListTests {
  /// One host: a sidebar 100 pt wide and the list beside it.
  @MainActor
  final class Host {
    let session: SDLSession
    let renderer: Renderer
    let list: RefreshListView
    let changesOnly: Bool
    let overlays: Bool
    var sidebarDrawn = false

    init(scale: Double, changesOnly: Bool, texture: Bool = false, overlays: Bool = false) throws {
      self.changesOnly = changesOnly && !texture
      self.overlays = overlays
      session = try SDLSession(mode: .headless)
      renderer = try Renderer(session: session, headlessWidth: 500, height: 400, scale: scale)
      list = try RefreshListView(
        renderer: renderer, frame: Rect(x: 100, y: 0, width: 400, height: 400),
        rows: NumberedRows(rowCount: 200))
      list.tableView.keepsContentTexture = texture
      list.onRefresh = { [unowned self] time in
        list.rows = NumberedRows(rowCount: 120)
        list.endRefreshing(.success, at: time + 0.4)
      }
    }

    func frame(at time: Double) throws -> PixelImage {
      if changesOnly && sidebarDrawn {
        try renderer.beginPartialFrame()
      } else {
        try renderer.beginFrame(clearingTo: Color(rgb: 0x000000))
        renderer.fill(Rect(x: 0, y: 0, width: 100, height: 400), color: Color(rgb: 0xC62828))
        sidebarDrawn = true
      }
      try list.draw(at: time)
      if let badge = badge(at: time) {
        renderer.fill(badge, color: Color(red: 255, green: 193, blue: 7, alpha: 160))
        list.tableView.drawnOver(badge)
      }
      let image = try renderer.readPixels()
      renderer.present()
      return image
    }

    /// The badge drawn over the list from 1 s to 4 s, down by 30 pt every 10 frames; it comes
    /// through a fling and the wheel steps, then goes.
    func badge(at time: Double) -> Rect? {
      guard overlays, time >= 1, time < 4 else { return nil }
      let steps = Double(Int((time - 1) * 6))
      return Rect(x: 180, y: 20 + (steps * 30).truncatingRemainder(dividingBy: 300), width: 160, height: 36)
    }

    /// The gestures: a pull to refresh, a fling toward the end, wheel steps back, a drag
    /// while the list is narrowed.
    func input(at step: Int) {
      let time = Double(step) / 60
      let x = 300.0
      func send(_ event: ShellEvent) { list.handle(event, at: time) }
      switch step {
      case 5: send(.mouseDown(x: x, y: 40, button: .left))
      case 6...25: send(.mouseMove(x: x, y: 40 + Double(step - 5) * 12, buttonHeld: true))
      case 26: send(.mouseUp(x: x, y: 280, button: .left))
      case 130: send(.mouseDown(x: x, y: 350, button: .left))
      case 131...136: send(.mouseMove(x: x, y: 350 - Double(step - 130) * 45, buttonHeld: true))
      case 137: send(.mouseUp(x: x, y: 80, button: .left))
      case 220, 224, 228: send(.wheel(dy: 3, precise: false, x: x, y: 200))
      case 260:
        list.setFrame(Rect(x: 100, y: 0, width: 300, height: 350), at: time)
        sidebarDrawn = false
      case 262: send(.mouseDown(x: 250, y: 300, button: .left))
      case 263...270: send(.mouseMove(x: 250, y: 300 - Double(step - 262) * 7, buttonHeld: true))
      case 271: send(.mouseUp(x: 250, y: 244, button: .left))
      default: break
      }
    }
  }

  @Test(arguments: [
    (1.0, false, false), (2.0, false, false), (1.0, true, false), (2.0, true, false),
    (1.0, false, true), (2.0, false, true),
  ])
  func everyFrameMatchesAWholeRedraw(scale: Double, texture: Bool, overlays: Bool) throws {
    let whole = try Host(scale: scale, changesOnly: false, overlays: overlays)
    let changed = try Host(scale: scale, changesOnly: true, texture: texture, overlays: overlays)
    var moved = 0
    for step in 0..<330 {
      whole.input(at: step)
      changed.input(at: step)
      let time = Double(step) / 60
      let expected = try whole.frame(at: time)
      let actual = try changed.frame(at: time)
      moved += changed.renderer.frameCost.pixelsCopied
      guard expected == actual else {
        let how = (texture ? " through the texture" : "") + (overlays ? " with a badge over the list" : "")
        Issue.record("frame \(step) at \(scale)×\(how) differs from its whole redraw")
        return
      }
    }
    #expect(moved > 0, "no frame moved pixels: the changes path was not taken")
    let drawn = changed.renderer.frameCost.pixelsDrawn
    #expect(drawn < 400 * 350 * Int(scale * scale), "the last frame drew \(drawn) pixels")
  }

  /// Rows whose content changes in place (a thumbnail arriving) are drawn again where they
  /// show, through a fling and at rest, and the rest is still moved: every frame holds a whole
  /// redraw's pixels, and a frame at rest after a change draws little more than those rows.
  @Test(arguments: [(1.0, false), (2.0, false), (1.0, true)])
  func rowsChangedInPlaceAreDrawnAgainAndTheRestMoved(scale: Double, texture: Bool) throws {
    let whole = try Host(scale: scale, changesOnly: false)
    let changed = try Host(scale: scale, changesOnly: true, texture: texture)
    let painted = (whole: PaintedRows(), changed: PaintedRows())
    whole.list.tableView.rowRenderer = painted.whole
    changed.list.tableView.rowRenderer = painted.changed
    var restingFrame: Int?
    for step in 0..<200 {
      let time = Double(step) / 60
      for host in [whole, changed] {
        switch step {
        case 10: host.list.handle(.mouseDown(x: 300, y: 350, button: .left), at: time)
        case 11...16:
          host.list.handle(.mouseMove(x: 300, y: 350 - Double(step - 10) * 40, buttonHeld: true), at: time)
        case 17: host.list.handle(.mouseUp(x: 300, y: 110, button: .left), at: time)
        default: break
        }
      }
      // Rows change while the list flings and once it rests: the rows then on screen.
      if step == 30 || step == 190 {
        let visible = Array(changed.list.list.visibleRows)
        for row in visible where row % 3 == 0 {
          painted.whole.shade[row] = 0x2E7D32 + UInt32(step)
          painted.changed.shade[row] = 0x2E7D32 + UInt32(step)
        }
        whole.list.redrawRows()
        changed.list.redrawRows(visible.filter { $0 % 3 == 0 })
        if step == 190 { restingFrame = step }
      }
      let expected = try whole.frame(at: time)
      let actual = try changed.frame(at: time)
      guard expected == actual else {
        Issue.record(
          "frame \(step) at \(scale)×\(texture ? " through the texture" : "") differs from its whole redraw")
        return
      }
      if step == restingFrame {
        let drawn = changed.renderer.frameCost.pixelsDrawn
        #expect(
          drawn > 0 && drawn < 400 * 400 * Int(scale * scale) * 2 / 3,
          "the frame after a change at rest drew \(drawn) pixels")
      }
    }
  }
}

/// Rows that paint a block in a shade a test sets per row.
@MainActor
final class PaintedRows: RowRenderer {
  var shade: [Int: UInt32] = [:]

  func height(ofRow row: Int, rows: any TableDataSource, width: Double, canvas: RefreshCanvas)
    -> Double?
  { nil }

  func drawRow(_ frame: RowFrame, rows: any TableDataSource, in canvas: RefreshCanvas)
    throws(SDLError)
  {
    try canvas.fill(
      Rect(x: frame.rect.x + 40, y: frame.rect.y + 6, width: 160, height: frame.rect.height - 12),
      color: Color(rgb: shade[frame.row] ?? 0x90A4AE))
  }
}
