import CSDL2
import RefreshCore

extension TableView {
  /// Tells the table view that the rows' content changed (not only their number), so nothing
  /// drawn before is moved into the next frame. ``RefreshListView`` calls it for its rows.
  public func rowsChanged() {
    _rowsRevision += 1
  }

  /// Tells the table view that what `rows` show changed, not where they are (an image arrived
  /// that fits a row as it was laid out): the next frame draws them again where they show, and
  /// the rest of the table may still be moved into it rather than drawn whole. A row whose
  /// height changed is a change of the rows' layout, which moves the rows under it: draw whole
  /// (``rowsChanged()``).
  public func rowsChanged(_ rows: some Sequence<Int>) {
    // Rows a frame already drew again are done with: a call after it is for the next.
    if _changedRowsFrame != nil {
      _changedRows.removeAll()
      _changedRowsFrame = nil
    }
    _changedRows.append(contentsOf: rows)
  }

  /// The rows to draw again in the frame being drawn (``rowsChanged(_:)``): every table drawn in
  /// the first frame after the call draws them; a later frame has forgotten them.
  func _changedRowsToDraw() -> [Int] {
    if let frame = _changedRowsFrame, renderer.frameIndex > frame {
      _changedRows.removeAll()
      _changedRowsFrame = nil
    }
    if !_changedRows.isEmpty { _changedRowsFrame = renderer.frameIndex }
    return _changedRows
  }

  /// The regions of `drawn.layout.rect` to draw this frame, in points: the whole rectangle,
  /// unless the frame is drawn over the last one (`Renderer.isDrawingChanges`) and this table
  /// drew there last frame with the same layout. Then the pixels move with the content, and
  /// only the strip that came into view, the bars (where they were and where they are) and the
  /// scroll indicator's column are drawn again.
  func _regionsToDraw(_ drawn: _DrawnTable) -> [Rect] {
    let rect = drawn.layout.rect
    // Loops and ifs rather than closures on this path: a closure made in main-actor code is
    // checked to run on the main actor each time a generic algorithm calls it, every frame.
    var lastDrawn: _DrawnTable?
    for table in _drawnTables where table.layout.rect == rect {
      lastDrawn = table
      break
    }
    guard renderer.isDrawingChanges, let pixelRect = _pixelRect(rect), let last = lastDrawn,
      last.frameIndex == renderer.frameIndex - 1
    else { return [rect] }
    return _regionsToDraw(drawn, after: last, in: pixelRect) { down in
      down == 0 || renderer._movePixels(in: pixelRect, down: down)
    }
  }

  /// Tells the table that the host drew over it this frame, after it, within `rect` (points):
  /// a status line, a hint, a badge. In a frame drawn over the last one the display then gets
  /// `rect`, and the next such frame draws the table again wherever those pixels went with the
  /// content, so what the host draws next (or nothing) lands on the table as a whole frame
  /// would show it. A host that draws over the table without saying so must draw whole frames.
  public func drawnOver(_ rect: Rect) {
    let scale = renderer.scale
    let top = Int((rect.y * scale).rounded(.down))
    let bottom = Int((rect.maxY * scale).rounded(.up))
    let left = Int((rect.x * scale).rounded(.down))
    let right = Int((rect.maxX * scale).rounded(.up))
    guard bottom > top, right > left else { return }
    renderer.noteChanged(
      SDL_Rect(x: Int32(left), y: Int32(top), w: Int32(right - left), h: Int32(bottom - top)))
    for index in _drawnTables.indices where _drawnTables[index].frameIndex == renderer.frameIndex {
      _drawnTables[index].covered.append((top, bottom))
    }
  }

  /// `rect` (points) in output pixels; nil unless it lies on whole pixels.
  func _pixelRect(_ rect: Rect) -> SDL_Rect? {
    let scale = renderer.scale
    let pixels = SDL_Rect(
      x: Int32((rect.x * scale).rounded()), y: Int32((rect.y * scale).rounded()),
      w: Int32((rect.width * scale).rounded()), h: Int32((rect.height * scale).rounded()))
    let onPixels =
      Double(pixels.x) == rect.x * scale && Double(pixels.y) == rect.y * scale
      && Double(pixels.w) == rect.width * scale && Double(pixels.h) == rect.height * scale
    return onPixels ? pixels : nil
  }

  /// The regions to draw over what `last` drew in `pixelRect` (the same rectangle), once
  /// `move` has moved those pixels down by its argument (up when negative; it may be 0) and
  /// said it could.
  func _regionsToDraw(
    _ drawn: _DrawnTable, after last: _DrawnTable, in pixelRect: SDL_Rect,
    move: (Int) -> Bool
  ) -> [Rect] {
    let rect = drawn.layout.rect
    let scale = renderer.scale
    // A chat's content moves the other way and its bars sit at the other edges: drawn whole.
    guard last.layout == drawn.layout, !drawn.layout.mirrored else { return [rect] }
    let distance = drawn.offsetPixels - last.offsetPixels
    guard abs(distance) < Int(pixelRect.h) / 2, move(-distance) else { return [rect] }
    var spans: [(top: Int, bottom: Int)] = []
    if distance != 0 {
      let top = Int(pixelRect.y)
      let bottom = top + Int(pixelRect.h)
      spans.append(distance > 0 ? (bottom - distance, bottom) : (top, top - distance))
    }
    // A bar that looks as it did rode with the moved pixels; any other is drawn where it was
    // and where it is.
    let headerRode = drawn.headerLook != nil && last.headerLook == drawn.headerLook
    let footerRode = drawn.footerLook != nil && last.footerLook == drawn.footerLook
    for case let span? in [headerRode ? nil : last.header, footerRode ? nil : last.footer, last.pinned] {
      spans.append((span.top - distance, span.bottom - distance))
    }
    for span in last.covered { spans.append((span.top - distance, span.bottom - distance)) }
    for span in drawn.changedRows { spans.append(span) }
    for case let span? in [headerRode ? nil : drawn.header, footerRode ? nil : drawn.footer, drawn.pinned] {
      spans.append(span)
    }
    var regions = _bands(spans, across: rect)
    let indicatorMoved =
      distance != 0 || last.scrollbar != drawn.scrollbar || last.scrollbarLook != drawn.scrollbarLook
    if indicatorMoved && (last.scrollbar != nil || drawn.scrollbar != nil) {
      // The indicator's column: its track and thumb at any width, and a pixel to spare.
      let width = 2 * Scrollbar.margin + Scrollbar.wideWidth + 1
      let column = Rect(x: rect.maxX - width, y: rect.y, width: width, height: rect.height)
      if last.scrollbarLook > 1 || drawn.scrollbarLook > 1 {
        // Widened under the pointer: its track runs the column's height.
        regions += _bands([(Int(pixelRect.y), Int(pixelRect.y + pixelRect.h))], across: column)
      } else {
        regions += _thumbRegions(
          last.scrollbar, movedBy: -Double(distance) / scale, drawn.scrollbar, in: column)
      }
    }
    return regions
  }

  /// Where a thin indicator must be drawn again in `column`: where its thumb was (`last`, which
  /// the moved pixels carried `shift` points down) and where it is now (`now`), out to whole
  /// pixels and two more for its snapped ends; one region where the two meet. Drawing the
  /// column's height instead went through every row on screen each frame the content moved,
  /// to change a thumb a tenth of it tall.
  func _thumbRegions(_ last: Rect?, movedBy shift: Double, _ now: Rect?, in column: Rect) -> [Rect] {
    let scale = renderer.scale
    func pixels(_ top: Double, _ bottom: Double) -> (top: Int, bottom: Int) {
      (Int((top * scale).rounded(.down)) - 2, Int((bottom * scale).rounded(.up)) + 2)
    }
    var spans: [(top: Int, bottom: Int)] = []
    if let last { spans.append(pixels(last.y + shift, last.maxY + shift)) }
    if let now { spans.append(pixels(now.y, now.maxY)) }
    return _bands(spans, across: column)
  }

  /// Pixel row `spans`, joined where they meet, as bands across `area` (points) and cut to it;
  /// empty ones left out.
  private func _bands(_ spans: [(top: Int, bottom: Int)], across area: Rect) -> [Rect] {
    let scale = renderer.scale
    var bands: [Rect] = []
    for span in _merged(spans) {
      let band = Rect(
        x: area.x, y: Double(span.top) / scale, width: area.width,
        height: Double(span.bottom - span.top) / scale
      ).intersection(area)
      if band.width > 0 && band.height > 0 { bands.append(band) }
    }
    return bands
  }

  /// Pixel row spans sorted and joined where they meet or overlap.
  private func _merged(_ spans: [(top: Int, bottom: Int)]) -> [(top: Int, bottom: Int)] {
    var sorted = spans
    // A handful of spans: sorted by insertion, without a comparison closure.
    for index in sorted.indices.dropFirst() {
      var at = index
      while at > 0 && sorted[at - 1].top > sorted[at].top {
        sorted.swapAt(at - 1, at)
        at -= 1
      }
    }
    var merged: [(top: Int, bottom: Int)] = []
    for span in sorted where span.bottom > span.top {
      if let last = merged.last, span.top <= last.bottom {
        merged[merged.count - 1].bottom = max(last.bottom, span.bottom)
      } else {
        merged.append(span)
      }
    }
    return merged
  }

  /// Keeps `drawn` for the next frame (and forgets tables not drawn this frame).
  func _remember(_ drawn: _DrawnTable) {
    _drawnTables.removeAll { $0.frameIndex != drawn.frameIndex || $0.layout.rect == drawn.layout.rect }
    _drawnTables.append(drawn)
  }

  /// Counts the region just clipped to as drawn, and as changed for the display (unless it is
  /// drawn into the table's texture, which the display gets whole).
  func _noteDrawn() {
    guard let clip = renderer._clipPixels else { return }
    renderer.frameCost.pixelsDrawn += Int(clip.w) * Int(clip.h)
    if !renderer._drawsIntoTexture { renderer.noteChanged(clip) }
  }

  /// Adds the seconds since counter value `start` (less `less`) to the frame's `part`.
  func _timed(_ part: WritableKeyPath<FrameCost, Double>, since start: UInt64, less: Double = 0) {
    renderer.frameCost[keyPath: part] += renderer._secondsSince(start) - less
  }
}
